/**
 * `npm run record`: re-records fixtures/ from the app's own server, started here on a free
 * port. `recordFixtures` checks each result against the contract before writing
 * `<state>--<name>.json`, and deletes a fixture no scenario records any more. The clock, the
 * request ids and the caller are fixed, so recording twice writes the same files.
 */
import { fileURLToPath } from "node:url";
import { createSqliteStore, serveHttp, silentLogger } from "mcp-widget-kit/server";
import { CONFIRMATION_META } from "mcp-widget-kit/contract";
import { recordFixtures, type RecordedResult } from "mcp-widget-kit/testing";
import { flights } from "../contract.ts";
import { BOOKING_SCOPE } from "../server/book-flight.ts";
import { createFlightsServer } from "../server/tools.ts";

// A recording is development (a fixed clock, a local person): the kit's built-in confirmation
// secret signs its proofs, so no CONFIRMATION_SECRET is needed and the fixtures are stable.
process.env.NODE_ENV ??= "development";
const widget = {
  uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
};
let requests = 0;
const store = createSqliteStore(":memory:");
const tools = createFlightsServer({
  widget,
  log: silentLogger,
  store,
  now: () => Date.parse("2030-04-30T10:00:00Z"),
  requestId: () => `req-${++requests}`,
});
// Writes need a verified caller: every connection here is one named local person.
const principal = { issuer: "local", subject: "recorder", scopes: [BOOKING_SCOPE] };
const endpoint = await serveHttp({
  createServer: (context) => tools.createServer(context, { principal }),
  log: silentLogger,
  port: 0,
});
const LIS_BER = { from: "LIS", to: "BER" };
const TWO_ON_F102 = { offer_id: "f-102", passengers: 2 };
/** A draft as the widget commits it: its id, and the proof the result's `_meta` carried. */
const draftOf = (result: RecordedResult) => ({
  draft_id: (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id,
  confirmation: (result._meta as { [key: string]: unknown } | undefined)?.[CONFIRMATION_META],
});
try {
  const report = await recordFixtures({
    contract: flights,
    server: endpoint.url,
    dir: fileURLToPath(new URL("../fixtures/", import.meta.url)),
    async scenarios(rec) {
      rec.record("results", "search-flights", await rec.call("search_flights", LIS_BER));
      const draft = draftOf(
        rec.record("confirm", "prepare-booking", await rec.call("prepare_booking", TWO_ON_F102)),
      );
      const book = { ...draft, idempotency_key: "recorded-key-1" };
      rec.record("committed", "book-flight", await rec.call("book_flight", book));
      const other = draftOf(await rec.call("prepare_booking", { offer_id: "f-101" }));
      const reused = await rec.call("book_flight", { ...book, ...other });
      rec.record("error", "idempotency-key-reused", reused);
    },
  });
  console.log(`recorded ${report.recorded.join(", ")}; changed: ${report.changed.length}`);
} finally {
  await endpoint.close();
  await store.close();
}
