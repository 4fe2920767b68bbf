/**
 * `order_status`' answer for an order paid on the merchant's checkout page: read from the
 * merchant's session now (the webhook marks it paid), never from what the widget or the
 * success page said. Paid → the order in `commit_order`'s shape; unpaid → `AWAITING_PAYMENT`
 * until the session expires, `CHECKOUT_EXPIRED` after; both changed nothing.
 */
import { ToolFailure } from "mcp-widget-kit/server";
import type { MerchantCheckouts } from "./merchant-checkouts.ts";
import type { ExternalValue } from "../tools/external-checkout.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";

/** The order's page once paid (the shop's, as for `commit_order`'s orders). */
const ORDER_PAGE = "https://shop.giftgenius.example/orders/";

/** A fixed sentence: the model reads it as an instruction. */
const PAY_ON_CHECKOUT =
  "Do not call a tool to pay. Tell the person to finish paying on the checkout page the app opened, then call order_status again.";

/** The answer for `value`, a started external checkout of `draftId`. */
export async function externalAnswer(
  value: Extract<ExternalValue, { ok: true }>,
  sessionId: string,
  merchant: MerchantCheckouts,
  now: number,
) {
  const session = await merchant.session(sessionId);
  if (session?.paidAt != null) {
    return {
      ok: true as const,
      data: {
        order: { ...value.order, checkout_url: `${ORDER_PAGE}${value.order.order_id}` },
        replayed: true,
      },
      text: `Order ${value.order.order_id} was placed and paid on the merchant's checkout page (created).`,
    };
  }
  if (session && now < session.expiresAt) {
    throw new ToolFailure({
      code: "AWAITING_PAYMENT",
      message: `Nothing has been charged yet: the person has not paid order ${value.order.order_id} on the merchant's checkout page. It can be paid until ${new Date(session.expiresAt).toISOString()}.`,
      retryable: false,
      next_action: PAY_ON_CHECKOUT,
      changes: "none",
    });
  }
  throw new ToolFailure({
    code: "CHECKOUT_EXPIRED",
    message: `The checkout of order ${value.order.order_id} expired before the person paid: nothing was ordered or charged.`,
    retryable: false,
    next_action: GIFT_NEXT_ACTIONS.prepareAgain,
    changes: "none",
  });
}
