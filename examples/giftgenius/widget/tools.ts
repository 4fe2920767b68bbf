/**
 * GiftGenius' tools, typed by the server's own declarations (`GiftGeniusTools`): a call accepts
 * only their names and arguments and returns the kind's view. `import type` is erased, so no
 * server code reaches the widget bundle.
 */
import { toolRefs } from "mcp-widget-kit/contract";
import { giftGenius } from "../contract.ts";
import type { GiftGeniusTools } from "../server/app.ts";

export const tools = toolRefs<GiftGeniusTools>(giftGenius, {
  suggest_gifts: "gift_suggestions",
  prepare_order: "order_draft",
  commit_order: "order",
  order_status: "order_status",
});
