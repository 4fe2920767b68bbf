/**
 * `npm run record`: re-records fixtures/ from the app's own server, through the kit's
 * `recordApp` (a free port, a fixed instant, request ids and caller; each result checked
 * against the contract; a fixture no scenario records any more deleted). The draft ids the
 * store makes at random, and the reply ids made from them, are written as recorded ones
 * (`drf_0…01`, `rp_0…01`), so recording twice writes the same files.
 */
import { recordApp } from "mcp-widget-kit/testing/server";
import { replies } from "../contract.ts";
import { REPLY_SCOPE } from "../server/send-reply.ts";
import { createRepliesServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/replies.html", mcpApp: "ui://widget/replies.mcp-app.html" },
};
const REPLY = {
  ticket_id: "t-4127",
  body: "Thanks for the report, Dana. The fix ships on Monday; until then, export twice.",
};

await recordApp({
  contract: replies,
  scopes: [REPLY_SCOPE],
  open: (server) => createRepliesServer({ widget, ...server }),
  stableIds: /\brp_[0-9a-f]{16}\b/g,
  async scenarios(rec) {
    rec.record("results", "list-tickets", await rec.call("list_tickets", {}));
    const prepared = await rec.call("draft_reply", REPLY);
    rec.record("confirm", "draft-reply", prepared);
    const { draft_id } = (prepared.structuredContent as { draft: { draft_id: string } }).draft;
    const send = { draft_id, idempotency_key: "recorded-key-1" };
    rec.record("committed", "send-reply", await rec.call("send_reply", send));
    const unknown = { draft_id: "drf_unknown", idempotency_key: "recorded-key-2" };
    const gone = await rec.call("send_reply", {
      ...unknown,
      confirmation: rec.proof("drf_unknown"),
    });
    rec.record("error", "draft-not-found", gone);
  },
});
