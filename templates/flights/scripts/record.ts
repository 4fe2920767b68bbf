/**
 * `npm run record`: re-records fixtures/ from the app's own server, through the kit's
 * `recordApp` (a free port, a fixed instant, request ids and caller; each result checked
 * against the contract; a fixture no scenario records any more deleted). Recording twice writes the
 * same files.
 */
import { recordApp } from "mcp-widget-kit/testing/server";
import { flights } from "../contract.ts";
import { BOOKING_SCOPE } from "../server/book-flight.ts";
import { createFlightsServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
};
const draftOf = (result: { structuredContent?: unknown }) =>
  (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id;

await recordApp({
  contract: flights,
  scopes: [BOOKING_SCOPE],
  open: (server) => createFlightsServer({ widget, ...server }),
  async scenarios(rec) {
    rec.record(
      "results",
      "search-flights",
      await rec.call("search_flights", { from: "LIS", to: "BER" }),
    );
    const prepared = await rec.call("prepare_booking", { offer_id: "f-102", passengers: 2 });
    rec.record("confirm", "prepare-booking", prepared);
    // Paid with the person's second saved card, as chosen in the dialog.
    const book = {
      draft_id: draftOf(prepared),
      idempotency_key: "recorded-key-1",
      payment_method_id: "pm_work",
    };
    rec.record("committed", "book-flight", await rec.call("book_flight", book));
    const other = draftOf(await rec.call("prepare_booking", { offer_id: "f-101" }));
    const reused = await rec.call("book_flight", { ...book, draft_id: other });
    rec.record("error", "idempotency-key-reused", reused);
  },
});
