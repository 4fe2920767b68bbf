/**
 * GiftGenius' side of the kit's write flow: which tools prepare and commit, and its order as a
 * receipt.
 */
import type { CommitOutcome, WriteFlowOptions } from "mcp-widget-kit";
import { giftGenius, type GiftGeniusView } from "../contract.ts";
import { isCheckoutPage } from "../checkout-page.ts";
import { FLOW_STATE_KEY } from "./flow-state.ts";
import { tools } from "./tools.ts";

// Views are told apart by `state` alone: `view.state === "committed"` narrows to the order.

/** An `order` result: data-state `committed`. */
export type OrderView = Extract<GiftGeniusView, { state: "committed" }>;

/**
 * The order `order_status` read as placed, kept where the flow keeps a commit's result — as
 * the commit's result (`order`), so a remount shows its receipt. `order_status` answers a state
 * of its own kind; the flow restores only its own tools' kinds.
 */
export function keptOrder(order: OrderView["data"]["order"]) {
  return { contract_version: giftGenius.version, kind: "order", ok: true, order, replayed: false };
}

/** The order an `order_status` view says was placed (its page not a checkout), else null. */
export function placedOrder(view: GiftGeniusView): OrderView["data"]["order"] | null {
  if (view.state !== "record") return null;
  const { status, order } = view.data;
  return status === "placed" && order && !isCheckoutPage(order.checkout_url)
    ? { ...order, status: "created" }
    : null;
}

/** An order result as the receipt the confirm dialog and WriteView show. */
export function receiptOf(view: GiftGeniusView): Extract<CommitOutcome, { ok: true }> | null {
  if (view.state !== "committed") return null;
  const { order, replayed } = view.data;
  return { ok: true, reference: order.order_id, replayed, total: order.total };
}

/** The GiftGenius tools and kinds, for WriteView (the kit's write flow). */
export const PURCHASE_FLOW = {
  contract: giftGenius,
  prepare: tools.prepare_order,
  commit: tools.commit_order,
  tools,
  receipt: receiptOf,
  stateKey: FLOW_STATE_KEY,
} satisfies WriteFlowOptions<GiftGeniusView>;
