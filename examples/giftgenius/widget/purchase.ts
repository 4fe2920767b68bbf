/**
 * GiftGenius' side of the kit's write flow: which tools prepare and commit, its draft as a
 * kit `PurchaseDraft`, and its order as a receipt.
 */
import type { CommitOutcome, PurchaseDraft, WriteFlowOptions } from "mcp-widget-kit";
import { giftGenius, type GiftGeniusView, type OrderDraft } from "../contract.ts";
import { FLOW_STATE_KEY } from "./flow-state.ts";
import { tools } from "./tools.ts";

/** The draft record inside a successful `order_draft` result. */
export type DraftData = Extract<OrderDraft, { ok: true }>["draft"];

// Views are told apart by `state` alone: `view.state === "confirm"` narrows to the draft.

/** An `order_draft` result: data-state `confirm`. */
export type DraftView = Extract<GiftGeniusView, { state: "confirm" }>;
/** An `order` result: data-state `committed`. */
export type OrderView = Extract<GiftGeniusView, { state: "committed" }>;

/** A GiftGenius draft as the kit's ConfirmPurchase expects it. */
export function toPurchaseDraft(draft: DraftData): PurchaseDraft {
  return {
    id: draft.draft_id,
    title: draft.gift.title,
    lines: [{ item: draft.gift.title, quantity: draft.quantity }],
    total: draft.total,
    expiresAt: draft.expires_at,
  };
}

/** An order result as the receipt ConfirmPurchase shows. */
export function receiptOf(view: GiftGeniusView): Extract<CommitOutcome, { ok: true }> | null {
  if (view.state !== "committed") return null;
  const { order, replayed } = view.data;
  return { ok: true, reference: order.order_id, replayed, total: order.total };
}

/** The GiftGenius tools and kinds, for `useWriteFlow`. */
export const PURCHASE_FLOW = {
  contract: giftGenius,
  prepare: tools.prepare_order,
  commit: tools.commit_order,
  tools,
  receipt: receiptOf,
  stateKey: FLOW_STATE_KEY,
} satisfies WriteFlowOptions<GiftGeniusView>;
