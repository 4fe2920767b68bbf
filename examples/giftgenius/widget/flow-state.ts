/**
 * The purchase flow survives a remount of the widget: the last draft or order result is kept
 * in widget state (beside the kit's idempotency key) and parsed again on the way back in —
 * widget state is untrusted, so it goes through the same contract parser as a tool output.
 */
import { giftGenius, type GiftGeniusView } from "../contract.ts";

const FLOW_KEY = "giftGeniusFlow";

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The draft or order view stored in `widgetState`, or null. */
export function restoreFlowView(widgetState: unknown): GiftGeniusView | null {
  try {
    if (!isRecord(widgetState) || !Object.hasOwn(widgetState, FLOW_KEY)) return null;
    const view = giftGenius.parse(widgetState[FLOW_KEY]);
    return view.state === "draft" || view.state === "order" ? view : null;
  } catch {
    return null;
  }
}

/** `widgetState` with `output` (a draft or order result) stored, or the flow cleared (null). */
export function withFlowOutput(widgetState: unknown, output: unknown): { [key: string]: unknown } {
  const next: { [key: string]: unknown } = isRecord(widgetState) ? { ...widgetState } : {};
  if (output === null) delete next[FLOW_KEY];
  else next[FLOW_KEY] = output;
  return next;
}
