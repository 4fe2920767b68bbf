/**
 * The widget-state key GiftGenius' last draft or order result is kept under (beside the kit's
 * idempotency key). Kept as it was, so a widget state saved by an earlier version restores.
 */
export const FLOW_STATE_KEY = "giftGeniusFlow";
