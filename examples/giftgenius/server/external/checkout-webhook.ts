/**
 * The payment provider's webhook for external checkout: `checkout.completed` marks the order
 * paid. It is the only thing that does — never the success page the person may or may not
 * reach. The kit's `webhookRoute` verifies the Standard Webhooks signature (a forged or altered
 * delivery is refused with 401 before anything is read) and runs each delivery id once; the
 * merchant settles a session once, so two deliveries of one payment (a late duplicate under a
 * new id) still fulfil once. A checkout that ended stays ended: a payment that arrives after
 * the session expired (or was ended) is refunded, never turned into an order — one order or
 * one refund per session. docs/checkout.md, "External checkout".
 */
import * as v from "valibot";
import { type IdempotencyStore, type ServerLogger } from "mcp-widget-kit/server";
import { webhookRoute } from "mcp-widget-kit/checkout/server";
import type { MerchantCheckouts } from "./merchant-checkouts.ts";

/** Where the provider posts. */
export const CHECKOUT_WEBHOOK_PATH = "/webhooks/checkout";

/** The provider's event, as far as GiftGenius reads it. */
export const CheckoutEvent = v.object({
  type: v.picklist(["checkout.completed"]),
  data: v.object({
    session_id: v.pipe(v.string(), v.regex(/^cs_[0-9a-f]{24}$/)),
    payment_id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  }),
});

/** The webhook route on `merchant`, for `serveApp`'s `routes`. */
export function checkoutWebhook(options: {
  secrets: readonly string[];
  store: IdempotencyStore;
  merchant: MerchantCheckouts;
  log: ServerLogger;
  now: () => number;
}): (request: Request) => Promise<Response | undefined> {
  const { merchant, log, now } = options;
  return webhookRoute({
    path: CHECKOUT_WEBHOOK_PATH,
    secrets: options.secrets,
    store: options.store,
    event: CheckoutEvent,
    log,
    now,
    async fulfil(event) {
      const { session_id, payment_id } = event.data;
      const session = await merchant.session(session_id);
      if (!session) {
        // Signed by the provider, yet no session of ours: recorded, nothing to fulfil.
        log.warn("checkout_webhook_unknown_session", { session_id });
        return;
      }
      const settled = await merchant.settle(session_id, payment_id, now());
      // Neither paid nor refunded after the one statement: never left as received (a 500, so
      // the provider delivers it again).
      if (settled.outcome === "unknown") throw new Error("the checkout session was not settled");
      if (!settled.first) return; // settled before: the first settlement stands
      if (settled.outcome === "paid")
        log.info("order_fulfilled", { order_id: session.orderId, session_id });
      else
        log.warn("late_payment_refunded", {
          order_id: session.orderId,
          session_id,
          refund_id: settled.session.refundId,
        });
    },
  });
}
