/**
 * `order_status`' answers, one per state of a draft: `ok: true` with the state, a `summary` the
 * model can repeat to the person as it is (also the result's text), and what the state
 * carries. Shared by the commit's, the payment sheet's and the external checkout's reads.
 */
import type * as v from "valibot";
import type { Money } from "mcp-widget-kit/contract";
import type { OrderStatusSchema } from "../../contract.ts";
import type { CommitValue } from "./commit-order.ts";

// What the model may do next, in fixed words (never built from input). None says "do not
// call this tool": a read may be repeated whenever the person asks.
/** Awaiting the person: they confirm (or pay) in the app. */
export const CONFIRM_IN_APP =
  "Ask the person to confirm the order in the app; the app places it. Call order_status again after they have.";
/** Refused: the reason is the person's to hear. */
export const TELL_REFUSAL =
  "Tell the person why the order was not placed. If they want to try again, call prepare_order for a new draft.";
/** Ended without an order: a new draft, if the person still wants it. */
export const PREPARE_AGAIN =
  "If the person still wants it, call prepare_order again and ask them to confirm the new draft.";

/** The extra fields one state carries. */
interface StatusDetails {
  next_step?: string;
  order?: Omit<OrderFields, "status">;
  charged?: Money;
  refund_id?: string;
  refusal_code?: string;
}

/** The order as `commit_order` gives it. */
type OrderFields = Extract<CommitValue, { ok: true }>["order"];

/** One state of the draft: an answer, its summary also the model's text. */
export function statusAnswer(
  status: v.InferOutput<typeof OrderStatusSchema>,
  summary: string,
  details: StatusDetails = {},
) {
  return { ok: true as const, data: { status, summary, ...details }, text: summary };
}

/** The placed order `order`, with what was charged for it (`how`: where it was paid, or ""). */
export function placedAnswer(order: OrderFields, how: string) {
  // The order's own `status` ("created") is left out: the answer's `status` is the one state;
  // so is the card it was charged to, which is the widget's alone.
  const { status: _created, card: _card, ...placed } = order;
  return statusAnswer(
    "placed",
    `Order ${String(order.order_id)} was placed${how} and ${order.total.amount} ${order.total.currency} was charged.`,
    { order: placed, charged: order.total },
  );
}
