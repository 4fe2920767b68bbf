/**
 * `npm run record`: re-records fixtures/ from the app's own server, started here on a free
 * port. `recordFixtures` checks each result against the contract before writing
 * `<state>--<name>.json`, and deletes a fixture no scenario records any more. The clock, the
 * request ids and the caller are fixed, and so are the ids the server makes at random (below),
 * so recording twice writes the same files.
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

/**
 * What is recorded, with stable ids. The draft store makes each draft id at random (128 bits:
 * nobody guesses another person's draft), and a reply's id comes from its send's effect key,
 * made from that draft id; the server keeps those real ids. The fixtures get, in order of first
 * appearance, ids of the same shape that say they were recorded (`drf_0…01`, `rp_0…01`), the
 * same names in every fixture, and a draft's proof is signed again for its recorded id, as the
 * server signs it (the development secret, the recording's clock and caller).
 */
const stableIds = new Map<string, string>();
const counts: { [prefix: string]: number } = {};
function stable(result: RecordedResult): RecordedResult {
  const text = JSON.stringify(result).replace(/\b(drf_[0-9a-f]{32}|rp_[0-9a-f]{16})\b/g, (id) => {
    const [prefix, random] = id.split("_") as [string, string];
    if (!stableIds.has(id)) {
      counts[prefix] = (counts[prefix] ?? 0) + 1;
      stableIds.set(id, `${prefix}_${String(counts[prefix]).padStart(random.length, "0")}`);
    }
    return stableIds.get(id)!;
  });
  const recorded = JSON.parse(text) as RecordedResult;
  const draftId = (recorded.structuredContent as { draft?: { draft_id?: unknown } } | undefined)
    ?.draft?.draft_id;
  const meta = recorded._meta as { [key: string]: unknown } | undefined;
  if (typeof draftId === "string" && meta?.[CONFIRMATION_META] !== undefined)
    meta[CONFIRMATION_META] = proofs.issue(draftId, callerScope(principal));
  return recorded;
}
try {
  const report = await recordFixtures({
    contract: replies,
    server: endpoint.url,
    dir: fileURLToPath(new URL("../fixtures/", import.meta.url)),
    async scenarios(rec) {
      rec.record("results", "list-tickets", await rec.call("list_tickets", {}));
      // The real draft (its id and proof) is what the send carries; its fixture, the stable one.
      const prepared = await rec.call("draft_reply", REPLY);
      rec.record("confirm", "draft-reply", stable(prepared));
      const send = { ...draftOf(prepared), idempotency_key: "recorded-key-1" };
      rec.record("committed", "send-reply", stable(await rec.call("send_reply", send)));
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
