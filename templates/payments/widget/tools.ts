/**
 * The app's tools, typed by the server's own declarations (`PaymentTools`): a call accepts
 * only their names and arguments and returns the kind's view. `import type` is erased, so no
 * server code reaches the widget bundle.
 */
import { toolRefs } from "mcp-widget-kit/contract";
import { payments } from "../contract.ts";
import type { PaymentTools } from "../server/tools.ts";

export const tools = toolRefs<PaymentTools>(payments, {
  list_contacts: "contact_list",
  get_balance: "balance",
  quote_transfer: "transfer_quote",
  send_transfer: "transfer_sent",
});
