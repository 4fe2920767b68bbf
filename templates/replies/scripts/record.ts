/**
 * `npm run record`: re-records fixtures/ from the app's own server, started here on a free
 * port. `recordFixtures` checks each result against the contract before writing
 * `<state>--<name>.json`, and deletes a fixture no scenario records any more. The clock, the
 * request ids and the caller are fixed, so recording twice writes the same results (a draft's
 * id is random: the draft and the reply sent from it carry a new one each run).
 */
import { fileURLToPath } from "node:url";
import { createSqliteStore, serveHttp, silentLogger } from "mcp-widget-kit/server";
import { recordFixtures, type RecordedResult } from "mcp-widget-kit/testing";
import { replies } from "../contract.ts";
import { REPLY_SCOPE } from "../server/send-reply.ts";
import { createRepliesServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/replies.html", mcpApp: "ui://widget/replies.mcp-app.html" },
};
let requests = 0;
const store = createSqliteStore(":memory:");
const tools = createRepliesServer({
  widget,
  log: silentLogger,
  store,
  now: () => Date.parse("2030-04-30T10:00:00Z"),
  requestId: () => `req-${++requests}`,
});
// Writes need a verified caller: every connection here is one named local person.
const principal = { issuer: "local", subject: "recorder", scopes: [REPLY_SCOPE] };
const endpoint = await serveHttp({
  createServer: (context) => tools.createServer(context, { principal }),
  log: silentLogger,
  port: 0,
});
const REPLY = {
  ticket_id: "t-4127",
  body: "Thanks for the report, Dana. The fix ships on Monday; until then, export twice.",
};
const draftOf = (result: RecordedResult) =>
  (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id;
try {
  const report = await recordFixtures({
    contract: replies,
    server: endpoint.url,
    dir: fileURLToPath(new URL("../fixtures/", import.meta.url)),
    async scenarios(rec) {
      rec.record("results", "list-tickets", await rec.call("list_tickets", {}));
      const draft = draftOf(
        rec.record("confirm", "draft-reply", await rec.call("draft_reply", REPLY)),
      );
      const send = { draft_id: draft, idempotency_key: "recorded-key-1" };
      rec.record("committed", "send-reply", await rec.call("send_reply", send));
      const gone = await rec.call("send_reply", {
        draft_id: "drf_unknown",
        idempotency_key: "recorded-key-2",
      });
      rec.record("error", "draft-not-found", gone);
    },
  });
  console.log(`recorded ${report.recorded.join(", ")}; changed: ${report.changed.length}`);
} finally {
  await endpoint.close();
  await store.close();
}
