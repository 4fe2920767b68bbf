/**
 * GiftGenius ↔ kit mapping for the purchase flow: its draft as a kit `PurchaseDraft`, and a
 * `commit_order` call outcome as a kit `CommitOutcome`.
 */
import {
  UNREADABLE_RESULT,
  type CallOutcome,
  type CommitOutcome,
  type ErrorView,
  type PurchaseDraft,
  type ToolError,
} from "widget-kit";
import { giftGenius, type GiftGeniusView, type OrderDraft } from "../contract.ts";

/** The draft record inside a successful `order_draft` result. */
export type DraftData = Extract<OrderDraft, { ok: true }>["draft"];

// Record views are told apart by `state`; these guards narrow the union by it (the record
// views' `state` is typed as a plain string, so a `===` check alone does not narrow).

/** An `order_draft` result: data-state `confirm`. */
export type DraftView = Extract<GiftGeniusView, { kind: "order_draft"; data: unknown }>;
/** An `order` result: data-state `committed`. */
export type OrderView = Extract<GiftGeniusView, { kind: "order"; data: unknown }>;

/** True for a draft view. */
export function isDraftView(view: GiftGeniusView): view is DraftView {
  return view.state === "confirm";
}
/** True for an order view. */
export function isOrderView(view: GiftGeniusView): view is OrderView {
  return view.state === "committed";
}
/** True for an error view. */
export function isErrorView(view: GiftGeniusView): view is ErrorView {
  return view.state === "error";
}

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

/** A tool answered with something that is not this contract: say so, and allow a retry. */
export function unreadable(changes?: ToolError["changes"]): ToolError {
  return changes
    ? { code: UNREADABLE_RESULT, message: "", retryable: true, changes }
    : { code: UNREADABLE_RESULT, message: "", retryable: true };
}

/** A call outcome as a view: host failures and unreadable error results become `error`. */
export function outcomeView(outcome: CallOutcome, kind: string): GiftGeniusView {
  if (!outcome.ok)
    return { state: "error", kind, version: giftGenius.version, error: outcome.error };
  const view = giftGenius.parse(outcome.result.structuredContent);
  if (view.state === "invalid" && outcome.result.isError) {
    return { state: "error", kind, version: giftGenius.version, error: unreadable() };
  }
  return view;
}

/** `commit_order`'s outcome for ConfirmPurchase. Anything unreadable may have gone through. */
export function toCommitOutcome(outcome: CallOutcome): CommitOutcome {
  const view = outcomeView(outcome, "order");
  if (isOrderView(view)) {
    const { order, replayed } = view.data;
    return { ok: true, orderId: order.order_id, replayed, total: order.total };
  }
  if (isErrorView(view)) return { ok: false, error: view.error };
  return { ok: false, error: unreadable("unknown") };
}
