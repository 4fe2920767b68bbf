/**
 * The purchase flow survives a remount of the widget: the last draft or order result is kept
 * in widget state (under its own key, beside the kit's idempotency key) and parsed again on
 * the way back in — widget state is untrusted, so it goes through the same contract parser
 * as a tool output.
 */
import { giftGenius, type GiftGeniusView } from "../contract.ts";

/** The widget-state key the flow's last draft or order result is kept under. */
export const FLOW_STATE_KEY = "giftGeniusFlow";

/** The draft or order view of a stored result, or null for anything else. */
export function restoreFlowView(stored: unknown): GiftGeniusView | null {
  if (stored === null || stored === undefined) return null;
  const view = giftGenius.parse(stored);
  return view.state === "confirm" || view.state === "committed" ? view : null;
}
