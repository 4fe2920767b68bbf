/**
 * A commit's effect under external checkout: instead of charging, create the merchant's
 * checkout session for what the person confirmed, under `chk_<effect key>` — the merchant's
 * idempotency key, the same for every retry, takeover and reconciler pass of one commit, so a
 * double click, a retry after a lost answer or a second process meets one session. The order
 * is answered with the session's page as its `checkout_url`, for the widget to hand the person
 * over; nothing is charged here (the provider's webhook marks it paid: checkout-webhook.ts).
 * docs/checkout.md, "External checkout".
 */
import type { Attempt } from "mcp-widget-kit/server";
import type { AttemptContext, CommitValue, Confirmed } from "../tools/commit-order.ts";
import { orderIdOf } from "../tools/commit-order.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import type { MerchantCheckouts } from "./merchant-checkouts.ts";

/** The merchant's idempotency key of one commit's effect. */
export function checkoutKeyOf(effectKey: string): string {
  return `chk_${effectKey}`;
}

/** Creates (or meets) the session of one commit's effect and answers the awaiting order. */
export async function startExternalCheckout(
  merchant: MerchantCheckouts | undefined,
  effectKey: string,
  confirmed: Confirmed,
  draftId: string,
  context: AttemptContext,
): Promise<Attempt<CommitValue>> {
  const orderId = orderIdOf(effectKey);
  try {
    // Captured for external checkout, then the setting was removed: never charge it instead.
    if (!merchant) throw new Error("external checkout is not configured");
    const session = await merchant.createSession({
      idempotencyKey: checkoutKeyOf(effectKey),
      orderId,
      draftId: confirmed.draft_id ?? draftId,
      total: confirmed.total,
    });
    return {
      final: true,
      value: {
        ok: true,
        order: {
          order_id: orderId,
          draft_id: session.draftId,
          status: "created",
          total: confirmed.total,
          checkout_url: session.url,
        },
        external: { session_id: session.sessionId },
      },
    };
  } catch (thrown) {
    // The merchant did not answer: its key makes the retry meet the same session. No money
    // moves when a session is created, so nothing is in doubt.
    context.log.warn("merchant_checkout_failed", {
      request_id: context.requestId,
      error_message: thrown instanceof Error ? thrown.message : String(thrown),
    });
    return {
      final: false,
      inDoubt: false,
      value: {
        ok: false,
        error: {
          code: "UPSTREAM_UNAVAILABLE",
          message: "The checkout could not be started; nothing was charged.",
          retryable: true,
          retry_after_seconds: 2,
          next_action: GIFT_NEXT_ACTIONS.retrySameKey,
          changes: "none",
        },
      },
    };
  }
}
