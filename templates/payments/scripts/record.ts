/**
 * `npm run record`: re-records fixtures/ from the app's own server, through the kit's
 * `recordApp` (a free port, a fixed instant, request ids and caller; each result checked
 * against the contract; a fixture no scenario records any more deleted). The quote ids the store makes
 * at random, and the transfer ids and provider references made from the effect key, are
 * written as recorded ones (`drf_0…01`, `tr_0…01`), so recording twice writes the same files.
 */
import { recordApp } from "mcp-widget-kit/testing/server";
import { payments } from "../contract.ts";
import { createPaymentsServer } from "../server/tools.ts";
import { TRANSFER_SCOPE } from "../server/transfer.ts";

const widget = { uris: { skybridge: "ui://widget/p.html", mcpApp: "ui://widget/p.mcp-app.html" } };

await recordApp({
  contract: payments,
  scopes: [TRANSFER_SCOPE],
  open: (server) => createPaymentsServer({ widget, ...server }),
  stableIds: /\b(tr|pv)_[0-9a-f]{16}\b/g,
  async scenarios(rec) {
    rec.record("results", "list-contacts", await rec.call("list_contacts", {}));
    rec.record("record", "balance", await rec.call("get_balance", {}));
    const quote = (amount_cents: number) =>
      rec.call("quote_transfer", { contact_id: "c-101", amount_cents });
    const quoted = await quote(2500);
    rec.record("confirm", "quote-transfer", quoted);
    const { draft_id } = (quoted.structuredContent as { quote: { draft_id: string } }).quote;
    const send = { draft_id, idempotency_key: "recorded-key-1" };
    rec.record("committed", "send-transfer", await rec.call("send_transfer", send));
    const big = (await quote(60_000)).structuredContent as { quote: { draft_id: string } };
    const refused = { draft_id: big.quote.draft_id, idempotency_key: "recorded-key-2" };
    rec.record("error", "insufficient-funds", await rec.call("send_transfer", refused));
  },
});
