/**
 * GiftGenius's fixed next-action sentences (beside the kit's). Never built from input: the
 * model reads them as instructions.
 */
import { NEXT_ACTIONS } from "mcp-widget-kit/server";

/** Every sentence a GiftGenius error may carry in `next_action`. */
export const GIFT_NEXT_ACTIONS = {
  ...NEXT_ACTIONS,
  searchAgain:
    "Do not repeat this call unchanged. Call suggest_gifts again to find an available gift.",
  prepareAgain:
    "Do not repeat this call unchanged. Call prepare_order again to get a fresh draft, and ask the person to confirm it.",
  dailyLimit:
    "Do not repeat this call today. Tell the person the daily limit is reached and they can try again tomorrow.",
  paymentDeclined:
    "Do not repeat this call unchanged. Tell the person the payment was declined; nothing was charged.",
} as const;
