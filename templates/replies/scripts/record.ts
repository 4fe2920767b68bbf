/**
 * `npm run record`: re-records fixtures/ from the app's own server, started here on a free
 * port. `recordFixtures` checks each result against the contract before writing
 * `<state>--<name>.json`, and deletes a fixture no scenario records any more. The clock, the
 * request ids and the caller are fixed, so recording twice writes the same results (a draft's
 * id is random: the draft and the reply sent from it carry a new one each run).
 */
import { fileURLToPath } from "node:url";
import {
  callerScope,
  createConfirmationSigner,
  createSqliteStore,
  serveHttp,
  silentLogger,
} from "mcp-widget-kit/server";
import { CONFIRMATION_META } from "mcp-widget-kit/contract";
import { recordFixtures, type RecordedResult } from "mcp-widget-kit/testing";
import { replies } from "../contract.ts";
import { REPLY_SCOPE } from "../server/send-reply.ts";
import { createRepliesServer } from "../server/tools.ts";

// A recording is development (a fixed clock, a local person): the kit's built-in confirmation
// secret signs its proofs, so no CONFIRMATION_SECRET is needed and the fixtures are stable.
process.env.NODE_ENV ??= "development";
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
/** A draft as the widget commits it: its id, and the proof the result's `_meta` carried. */
const draftOf = (result: RecordedResult) => ({
  draft_id: (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id,
  confirmation: (result._meta as { [key: string]: unknown } | undefined)?.[CONFIRMATION_META],
});
// A proof for a draft id nobody prepared, signed as the server signs (the development secret),
// so the call reaches the draft check behind the proof.
const proofs = createConfirmationSigner({ now: () => Date.parse("2030-04-30T10:00:00Z") });
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
      const send = { ...draft, idempotency_key: "recorded-key-1" };
      rec.record("committed", "send-reply", await rec.call("send_reply", send));
      const gone = await rec.call("send_reply", {
        draft_id: "drf_unknown",
        idempotency_key: "recorded-key-2",
        confirmation: proofs.issue("drf_unknown", callerScope(principal)),
      });
      rec.record("error", "draft-not-found", gone);
    },
  });
  console.log(`recorded ${report.recorded.join(", ")}; changed: ${report.changed.length}`);
} finally {
  await endpoint.close();
  await store.close();
}
