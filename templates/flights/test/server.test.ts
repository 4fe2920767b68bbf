/**
 * The server keeps the contract: every result of its tools parses with the widget's own
 * contract to the state the widget must show, and bad arguments come back as one structured
 * error listing the fields. The booking is the schedule's, at its price; the kit's promises
 * about the write (once per key and per draft, the person's proof, a signed-in caller, a
 * restart) are proved by its `checkWrite`. Calls go through the tool server without HTTP.
 */
import * as vitest from "vitest";
import { describe, expect, it } from "vitest";
import { createSqliteStore, silentLogger } from "mcp-widget-kit/server";
import { callAsWidget } from "mcp-widget-kit/testing";
import { checkWrite } from "mcp-widget-kit/testing/server";
import { flights } from "../contract.ts";
import { BOOKING_SCOPE } from "../server/book-flight.ts";
import { createFlightsServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
};
let clock = Date.parse("2030-04-30T10:00:00Z");
const tools = createFlightsServer({
  widget,
  log: silentLogger,
  store: createSqliteStore(":memory:"),
  now: () => clock,
});
const alice = { principal: { issuer: "local", subject: "alice", scopes: [BOOKING_SCOPE] } };
const { view } = callAsWidget(tools, { parse: flights.parse, origin: alice });

checkWrite({
  vitest,
  open: ({ store, now, onEffect }) =>
    createFlightsServer({ widget, log: silentLogger, store, now, onBooked: onEffect }),
  parse: flights.parse,
  prepare: { tool: "prepare_booking", args: (n) => ({ offer_id: "f-101", passengers: 1 + n }) },
  commit: "book_flight",
  widget: widget.uris,
  scopes: [BOOKING_SCOPE],
  now: clock,
});

describe("the flights server", () => {
  it("finds offers (results), or says why there are none (empty)", async () => {
    const shown = await view("search_flights", { from: "LIS", to: "BER" });
    expect(shown.state === "results" && shown.items.map((o) => o.id)).toEqual([
      "f-101",
      "f-102",
      "f-103",
    ]);
    expect(await view("search_flights", { from: "OSL", to: "LIS" })).toMatchObject({
      state: "empty",
      reason: "No flight from OSL to LIS is on offer.",
    });
  });

  it("lists every bad argument at once (error)", async () => {
    const shown = await view("search_flights", { from: "lisbon", to: 7 });
    expect(shown.state === "error" && shown.error.field_errors?.map((f) => f.field)).toEqual([
      "from",
      "to",
    ]);
  });

  it("prepares a booking draft at the schedule's price, and refuses an unknown offer", async () => {
    const shown = await view("prepare_booking", { offer_id: "f-102", passengers: 2 });
    expect(shown.state === "confirm" && shown.data.draft.total).toEqual({
      amount: "197.00",
      currency: "EUR",
    });
    expect(await view("prepare_booking", { offer_id: "f-999" })).toMatchObject({
      state: "error",
      error: { code: "NOT_FOUND", retryable: false },
    });
  });
});

describe("booking a flight", () => {
  it("charges the schedule's price, whatever the client sends", async () => {
    const draft = await view("prepare_booking", { offer_id: "f-102", passengers: 3 });
    const draft_id = draft.state === "confirm" ? draft.data.draft.draft_id : "";
    const total = { amount: "1.00", currency: "EUR" };
    const withTotal = await view("book_flight", { draft_id, idempotency_key: "key-price", total });
    expect(withTotal).toMatchObject({ state: "error", error: { code: "VALIDATION_FAILED" } });
    const shown = await view("book_flight", { draft_id, idempotency_key: "key-price" });
    expect(shown.state === "committed" && shown.data.booking.total).toEqual({
      amount: "295.50",
      currency: "EUR",
    });
  });

  it("pays with the saved card the person chose, their default without one, and no other", async () => {
    const draftOf = async (offer_id: string) => {
      const shown = await view("prepare_booking", { offer_id });
      if (shown.state !== "confirm") throw new Error(shown.state);
      return shown;
    };
    const shown = await draftOf("f-101");
    // Display fields only: the widget is never given more than it may show.
    expect(shown.data.payment_methods?.map((card) => Object.keys(card).sort())).toEqual([
      ["brand", "default", "id", "label", "last4"],
      ["brand", "id", "label", "last4"],
    ]);
    const draft_id = shown.data.draft.draft_id;
    const chosen = { draft_id, idempotency_key: "key-card", payment_method_id: "pm_work" };
    expect(await view("book_flight", chosen)).toMatchObject({
      state: "committed",
      data: { card: { brand: "Mastercard", last4: "5454" } },
    });
    const other = (await draftOf("f-102")).data.draft.draft_id;
    const theirs = { draft_id: other, idempotency_key: "key-card-2", payment_method_id: "pm_bob" };
    expect(await view("book_flight", theirs)).toMatchObject({
      state: "error",
      error: { code: "PAYMENT_METHOD_NOT_FOUND", changes: "none" },
    });
    // A card number where the id goes is refused, and not echoed back.
    const number = { ...theirs, payment_method_id: "4242424242424242" };
    const refused = await view("book_flight", number);
    expect(refused).toMatchObject({ state: "error", error: { code: "VALIDATION_FAILED" } });
    expect(JSON.stringify(refused)).not.toContain("4242424242424242");
    const plain = {
      draft_id: (await draftOf("f-103")).data.draft.draft_id,
      idempotency_key: "key-card-3",
    };
    expect(await view("book_flight", plain)).toMatchObject({
      data: { card: { brand: "Visa", last4: "4242" } },
    });
    // Before the person signs in, they have no saved card to be shown.
    const anonymous = await callAsWidget(tools, { parse: flights.parse }).view("prepare_booking", {
      offer_id: "f-101",
    });
    expect(anonymous).toMatchObject({ state: "confirm", data: { payment_methods: [] } });
  });

  it("refuses an expired draft, changing nothing", async () => {
    const shown = await view("prepare_booking", { offer_id: "f-103", passengers: 2 });
    if (shown.state !== "confirm") throw new Error(shown.state);
    clock += 16 * 60_000;
    const late = await view("book_flight", {
      draft_id: shown.data.draft.draft_id,
      idempotency_key: "key-late",
    });
    expect(late).toMatchObject({
      state: "error",
      error: { code: "DRAFT_EXPIRED", retryable: false, changes: "none" },
    });
  });
});
