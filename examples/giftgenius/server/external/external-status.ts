/**
 * `order_status`' answer for an order paid on the merchant's checkout page: read from the
 * merchant's session now (the webhook marks it paid), never from what the widget or the
 * success page said. Paid → `placed`, the order in `commit_order`'s shape and the amount
 * charged; unpaid → `awaiting_payment` until the session expires, `expired` after — and once
 * said, the session is ended at the merchant, so no payment arriving later can make it paid
 * (the webhook refunds it, and this answer says so, with the refund).
 */
import { ToolFailure } from "mcp-widget-kit/server";
import type { CommitValue } from "../tools/commit-order.ts";
import type { GiftGeniusDeps } from "../tools/shared.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { orderPage } from "../../shop.ts";
import { placedAnswer, PREPARE_AGAIN, statusAnswer } from "../tools/status-answers.ts";

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
  if (session?.paidAt != null)
    return placedAnswer(
      { ...value.order, checkout_url: orderPage(value.order.order_id) },
      " and paid on the merchant's checkout page",
    );
  if (session && session.endedAt === null && now < session.expiresAt)
    return statusAnswer(
      "awaiting_payment",
      `Nothing has been charged yet: the person has not paid order ${value.order.order_id} on the merchant's checkout page. It can be paid until ${new Date(session.expiresAt).toISOString()}.`,
      { next_step: PAY_ON_CHECKOUT },
    );
  if (session?.refundId != null)
    return statusAnswer(
      "expired",
      `Nothing was ordered: the checkout of order ${value.order.order_id} expired before the person paid, and the payment that arrived after it was refunded in full (refund ${session.refundId}).`,
      { refund_id: session.refundId, next_step: PREPARE_AGAIN },
    );
  return statusAnswer(
    "expired",
    `Nothing was ordered or charged: the checkout of order ${value.order.order_id} expired before the person paid.`,
    { next_step: PREPARE_AGAIN },
  );
}
