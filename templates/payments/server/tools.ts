/**
 * The app's tools: `list_contacts` and `get_balance` (read only, they show the widget), and
 * the write in transfer.ts: `quote_transfer` (a quote for the person to confirm) and
 * `send_transfer`. `createPaymentsServer` puts them on the kit's tool server; server/main.ts
 * serves it over HTTP, the tests call it directly.
 */
import {
  appToolServer,
  defineTool,
  type AppServerOptions,
  type ToolsOf,
} from "mcp-widget-kit/server";
import { payments } from "../contract.ts";
import { CONTACTS } from "./contacts.ts";
import { fakeProvider, type PaymentsProvider } from "./provider.ts";
import { eur, sendTransfer, TRANSFER_SCOPE } from "./transfer.ts";

function listContacts({ widget }: AppServerOptions) {
  return defineTool(payments, "contact_list", {
    name: "list_contacts",
    title: "List contacts",
    description: "List the people money can be sent to. Read only.",
    widget: { uris: widget.uris, words: { invoking: "Loading contacts…", invoked: "Contacts" } },
    async handler() {
      return { ok: true, data: { contacts: [...CONTACTS] }, text: "The contacts." };
    },
  });
}

function getBalance({ widget }: AppServerOptions, provider: PaymentsProvider) {
  return defineTool(payments, "balance", {
    name: "get_balance",
    title: "Get the balance",
    description: "The signed-in person's balance, in EUR. Read only.",
    widget: {
      uris: widget.uris,
      words: { invoking: "Reading the balance…", invoked: "Balance" },
    },
    // The balance is the person's own: read for a verified caller only.
    auth: { scopes: [TRANSFER_SCOPE] },
    async handler(_args, context) {
      const balance = eur(await provider.balance(context.caller));
      return { ok: true, data: { balance }, text: `Balance: ${balance.amount} EUR.` };
    },
  });
}

/**
 * The app's tools as its widget calls them (names, arguments, result kinds): the widget's
 * `toolRefs<PaymentTools>` accepts only these, so a renamed tool or argument fails typecheck.
 */
export type PaymentTools = ToolsOf<
  ReturnType<typeof listContacts | typeof getBalance> | Transfer["prepare" | "commit"]
>;
type Transfer = ReturnType<typeof sendTransfer>;

/**
 * The app's tool server, with the purges of its quotes (for serveApp's retention), its
 * provider and the reconciler's work; the provider is the fake one on the store's database
 * unless one is given, and `onSent` hears of each transfer that moved money.
 */
export function createPaymentsServer(
  options: AppServerOptions & { provider?: PaymentsProvider; onSent?: () => void },
) {
  const provider = options.provider ?? fakeProvider(options.store, options.onSent);
  const { prepare, commit, purges } = sendTransfer({ ...options, provider });
  const tools = appToolServer(options, {
    info: { name: "payments", version: "1.0.0" },
    contract: payments,
    tools: [listContacts(options), getBalance(options, provider), prepare, commit],
  });
  // `tools.reconciler` is the kit's: every write the server serves, each record to its own.
  return Object.assign(tools, { purges, provider });
}
