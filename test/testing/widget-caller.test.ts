/**
 * `callAsWidget`: the proof a prepare result carries in `_meta` goes back with the commit of
 * that draft, as the widget's write flow sends it; a commit of a draft it never saw goes
 * without one (and is refused), and `sign` signs for the calling person instead.
 */
import { describe, expect, it } from "vitest";
import {
  callerScope,
  createConfirmationSigner,
  createSqliteStore,
  silentLogger,
} from "../../src/server/index.ts";
import { callAsWidget } from "../../src/testing/index.ts";
import { flights } from "../../templates/flights/contract.ts";
import { BOOKING_SCOPE } from "../../templates/flights/server/book-flight.ts";
import { createFlightsServer } from "../../templates/flights/server/tools.ts";

const clock = Date.parse("2030-04-30T10:00:00Z");
const tools = createFlightsServer({
  widget: { uris: { skybridge: "ui://widget/f.html", mcpApp: "ui://widget/f.mcp-app.html" } },
  log: silentLogger,
  store: createSqliteStore(":memory:"),
  now: () => clock,
});
const alice = { principal: { issuer: "local", subject: "alice", scopes: [BOOKING_SCOPE] } };

describe("callAsWidget", () => {
  it("sends the prepare result's proof with the commit of its draft", async () => {
    const widget = callAsWidget(tools, { parse: flights.parse, origin: alice });
    const prepared = await widget.view("prepare_booking", { offer_id: "f-101" });
    if (prepared.state !== "confirm") throw new Error(prepared.state);
    const draft_id = prepared.data.draft.draft_id;
    const booked = await widget.view("book_flight", { draft_id, idempotency_key: "key-widget-1" });
    expect(booked).toMatchObject({ state: "committed" });
    // A draft it never saw goes without a proof: the kit refuses it, as for the model.
    const unseen = await widget.view("book_flight", {
      draft_id: `bd.f-102.1.${clock + 60_000}`,
      idempotency_key: "key-widget-2",
    });
    expect(unseen).toMatchObject({ state: "error", error: { code: "CONFIRMATION_REQUIRED" } });
  });

  it("signs for the calling person with `sign`", async () => {
    const proofs = createConfirmationSigner({ now: () => clock });
    const widget = callAsWidget(tools, {
      parse: flights.parse,
      origin: alice,
      sign: (id, origin) => proofs.issue(id, callerScope(origin?.principal)),
    });
    const booked = await widget.view("book_flight", {
      draft_id: `bd.f-102.1.${clock + 60_000}`,
      idempotency_key: "key-widget-3",
    });
    expect(booked).toMatchObject({ state: "committed" });
  });
});
