/**
 * `order_status`' answer for an order paid on the merchant's checkout page: read from the
 * merchant's session now (the webhook marks it paid), never from what the widget or the
 * success page said. Paid → the order in `commit_order`'s shape; unpaid → `AWAITING_PAYMENT`
 * until the session expires, `CHECKOUT_EXPIRED` after — and once said, the session is ended at
 * the merchant, so no payment arriving later can make it paid (the webhook refunds it, and
 * this answer says so).
 */
import { ToolFailure } from "mcp-widget-kit/server";
import type { CommitValue } from "../tools/commit-order.ts";
import type { GiftGeniusDeps } from "../tools/shared.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { orderPage } from "../../shop.ts";

/** A fixed sentence: the model reads it as an instruction. */
const PAY_ON_CHECKOUT =
  "Do not call a tool to pay. Tell the person to finish paying on the checkout page the app opened, then call order_status again.";

/** The answer for `value`, an order awaiting its payment on the merchant session `sessionId`. */
export async function externalAnswer(
  value: Extract<CommitValue, { ok: true }>,
  sessionId: string,
  deps: Pick<GiftGeniusDeps, "merchant" | "now">,
) {
  // Read now: the webhook may have marked it paid since. Without the merchant (the setting was
  // removed), its state cannot be known: said so, never guessed.
  if (!deps.merchant)
    throw new ToolFailure({
      code: "UPSTREAM_UNAVAILABLE",
      message: `Whether order ${value.order.order_id} was paid on the merchant's checkout page cannot be read now.`,
      retryable: true,
      retry_after_seconds: 60,
      next_action: GIFT_NEXT_ACTIONS.retryLater,
      changes: "unknown",
    });
  const now = deps.now();
  let session = await deps.merchant.session(sessionId);
  // Past its expiry and not paid: ended before it is said to be, so it stays what is said.
  if (session && session.paidAt === null && session.endedAt === null && now >= session.expiresAt)
    session = await deps.merchant.end(sessionId, now);
  if (session?.paidAt != null) {
    return {
      ok: true as const,
      data: {
        order: { ...value.order, checkout_url: orderPage(value.order.order_id) },
        replayed: true,
      },
      text: `Order ${value.order.order_id} was placed and paid on the merchant's checkout page (created).`,
    };
  }
  if (session && session.endedAt === null && now < session.expiresAt) {
    throw new ToolFailure({
      code: "AWAITING_PAYMENT",
      message: `Nothing has been charged yet: the person has not paid order ${value.order.order_id} on the merchant's checkout page. It can be paid until ${new Date(session.expiresAt).toISOString()}.`,
      retryable: false,
      next_action: PAY_ON_CHECKOUT,
      changes: "none",
    });
  }
  if (session?.refundId != null)
    throw new ToolFailure({
      code: "CHECKOUT_EXPIRED",
      message: `The checkout of order ${value.order.order_id} expired before the person paid. A payment arrived after it expired and was refunded in full (refund ${session.refundId}): nothing was ordered.`,
      retryable: false,
      next_action: GIFT_NEXT_ACTIONS.prepareAgain,
      changes: "none",
    });
  throw new ToolFailure({
    code: "CHECKOUT_EXPIRED",
    message: `The checkout of order ${value.order.order_id} expired before the person paid: nothing was ordered or charged.`,
    retryable: false,
    next_action: GIFT_NEXT_ACTIONS.prepareAgain,
    changes: "none",
  });
}
