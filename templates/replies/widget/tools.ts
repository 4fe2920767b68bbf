/**
 * The app's tools, typed by the server's own declarations (`ReplyTools`): a call accepts only their
 * names and arguments and returns the kind's view. `import type` is erased, so no server code
 * reaches the widget bundle.
 */
import { toolRefs } from "mcp-widget-kit/contract";
import { replies } from "../contract.ts";
import type { ReplyTools } from "../server/tools.ts";

export const tools = toolRefs<ReplyTools>(replies, {
  list_tickets: "ticket_list",
  draft_reply: "reply_draft",
  send_reply: "reply_sent",
});
