/**
 * The server keeps the contract: every result of its tools parses with the widget's own
 * contract to the state the widget must show, and bad arguments come back as one structured
 * error listing the fields. The booking is made once per idempotency key, only for a verified
 * caller, at the schedule's price. Calls go through the tool server without HTTP.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  callerScope,
  createConfirmationSigner,
  createSqliteStore,
  guardStore,
  silentLogger,
  type CallOrigin,
  type ToolServer,
} from "mcp-widget-kit/server";
import { ERROR_CODES } from "mcp-widget-kit/contract";
import { callAsWidget } from "mcp-widget-kit/testing";
import { flights, type Booking } from "../contract.ts";
import { BOOKING_SCOPE } from "../server/book-flight.ts";
import { createFlightsServer } from "../server/tools.ts";

const widget = {
  uris: { skybridge: "ui://widget/flights.html", mcpApp: "ui://widget/flights.mcp-app.html" },
};
let clock = Date.parse("2030-04-30T10:00:00Z");
const booked: Booking[] = [];
const tools = createFlightsServer({
  widget,
  log: silentLogger,
  store: createSqliteStore(":memory:"),
  onBooked: (booking) => booked.push(booking),
  now: () => clock,
});
/** A signed-in person, as the HTTP layer's verified token (or stdio's local owner) names them. */
const alice = { principal: { issuer: "local", subject: "alice", scopes: [BOOKING_SCOPE] } };

/**
 * Calls a server's tools as the widget does: the commit carries its confirmation proof, signed
 * for the calling person with the kit's development secret (as in the server under test).
 */
const proofs = createConfirmationSigner({ now: () => clock });
const asWidget = (server: ToolServer) =>
  callAsWidget(server, {
    parse: flights.parse,
    origin: alice as CallOrigin,
    sign: (draftId, origin) => proofs.issue(draftId, callerScope(origin?.principal)),
  });
const { view } = asWidget(tools);

async function prepare(offer_id: string, passengers: number) {
  const shown = await view("prepare_booking", { offer_id, passengers });
  if (shown.state !== "confirm") throw new Error(`no draft: ${shown.state}`);
  return shown.data.draft.draft_id;
}

describe("the flights server", () => {
  it("lists its tools, each pointing at the widget for both hosts", () => {
    const listed = tools.listTools();
    expect(listed.map((tool) => tool.name).sort()).toEqual([
      "book_flight",
      "prepare_booking",
      "search_flights",
    ]);
    for (const tool of listed)
      expect(tool._meta).toMatchObject({
        "openai/outputTemplate": widget.uris.skybridge,
        ui: { resourceUri: widget.uris.mcpApp },
      });
  });

  it("finds offers (results)", async () => {
    const shown = await view("search_flights", { from: "LIS", to: "BER" });
    expect(shown.state).toBe("results");
    if (shown.state === "results")
      expect(shown.items.map((o) => o.id)).toEqual(["f-101", "f-102", "f-103"]);
  });

  it("says why nothing was found (empty)", async () => {
    const shown = await view("search_flights", { from: "OSL", to: "LIS" });
    expect(shown).toMatchObject({
      state: "empty",
      reason: "No flight from OSL to LIS is on offer.",
    });
  });

  it("lists every bad argument at once (error)", async () => {
    const shown = await view("search_flights", { from: "lisbon", to: 7 });
    expect(shown.state).toBe("error");
    if (shown.state === "error") {
      expect(shown.error.code).toBe("VALIDATION_FAILED");
      expect(shown.error.field_errors?.map((f) => f.field).sort()).toEqual(["from", "to"]);
    }
  });

  it("prepares a booking draft to confirm", async () => {
    const shown = await view("prepare_booking", { offer_id: "f-102", passengers: 2 });
    expect(shown.state).toBe("confirm");
    if (shown.state === "confirm")
      expect(shown.data.draft.total).toEqual({ amount: "197.00", currency: "EUR" });
  });

  it("refuses an unknown offer", async () => {
    const shown = await view("prepare_booking", { offer_id: "f-999" });
    expect(shown).toMatchObject({ state: "error", error: { code: "NOT_FOUND", retryable: false } });
  });
});

describe("booking a flight", () => {
  it("books once per key: a repeat gives back the same booking, marked replayed", async () => {
    const draft_id = await prepare("f-102", 2);
    const before = booked.length;
    const first = await view("book_flight", { draft_id, idempotency_key: "key-replay-1" });
    const again = await view("book_flight", { draft_id, idempotency_key: "key-replay-1" });
    expect(first).toMatchObject({ state: "committed", data: { replayed: false } });
    expect(again).toMatchObject({ state: "committed", data: { replayed: true } });
    if (first.state === "committed" && again.state === "committed")
      expect(again.data.booking).toEqual(first.data.booking);
    expect(booked.length - before).toBe(1);
  });

  it("keeps its bookings with their records: a restarted server replays them, under the key and the draft", async () => {
    const dir = mkdtempSync(join(tmpdir(), "flights-restart-"));
    const file = join(dir, "bookings.sqlite");
    try {
      const store = createSqliteStore(file);
      const before = createFlightsServer({ widget, log: silentLogger, store, now: () => clock });
      const draft_id = await prepare("f-201", 1);
      const send = { draft_id, idempotency_key: "key-restart-1" };
      const made = await asWidget(before).view("book_flight", send);
      expect(made).toMatchObject({ state: "committed", data: { replayed: false } });
      await store.close();
      // A new process on the same file: the key replays the booking, and so does another key
      // for the same draft (single use); nothing is booked again.
      const reopened = createSqliteStore(file);
      const after = createFlightsServer({
        widget,
        log: silentLogger,
        store: reopened,
        now: () => clock,
        onBooked: () => {
          throw new Error("booked again after the restart");
        },
      });
      const booking = made.state === "committed" ? made.data.booking : undefined;
      for (const idempotency_key of ["key-restart-1", "key-restart-2"]) {
        const replay = await asWidget(after).view("book_flight", { draft_id, idempotency_key });
        expect(replay).toMatchObject({ state: "committed", data: { replayed: true, booking } });
      }
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses the same key for another draft, and books nothing", async () => {
    await view("book_flight", {
      draft_id: await prepare("f-101", 1),
      idempotency_key: "key-second",
    });
    const before = booked.length;
    const reused = await view("book_flight", {
      draft_id: await prepare("f-103", 1),
      idempotency_key: "key-second",
    });
    expect(reused).toMatchObject({
      state: "error",
      error: { code: ERROR_CODES.idempotency.keyReused, retryable: false, changes: "none" },
    });
    expect(booked.length).toBe(before);
  });

  it("books a draft once, whatever the key: another key is told which booking it made", async () => {
    const draft_id = await prepare("f-103", 3);
    const first = await view("book_flight", { draft_id, idempotency_key: "key-once-1" });
    if (first.state !== "committed") throw new Error(`not booked: ${first.state}`);
    const before = booked.length;
    // The kit places one write per draft (runCommit's single use): another key is answered
    // with the booking the draft made, replayed.
    const again = await view("book_flight", { draft_id, idempotency_key: "key-once-2" });
    expect(again).toMatchObject({
      state: "committed",
      data: { replayed: true, booking: { booking_id: first.data.booking.booking_id } },
    });
    expect(booked.length).toBe(before);
  });

  it("books a draft confirmed under ten keys at once once: the others book nothing and are told the booking", async () => {
    // A draft no other test books (a draft id is its offer, seats and expiry).
    const draft_id = `bd.f-101.2.${clock + 77_000}`;
    const before = booked.length;
    const keys = Array.from({ length: 10 }, (_, i) => `key-race-${i}`);
    const results = await Promise.all(
      keys.map((idempotency_key) => view("book_flight", { draft_id, idempotency_key })),
    );
    expect(booked.length - before).toBe(1);
    const fresh = results.filter((shown) => shown.state === "committed" && !shown.data.replayed);
    expect(fresh).toHaveLength(1);
    const id = fresh[0]!.state === "committed" ? fresh[0]!.data.booking.booking_id : "";
    for (const shown of results) {
      // Finished: the booking the draft made; unfinished then: retryable, nothing booked.
      if (shown.state === "committed") expect(shown.data.booking.booking_id).toBe(id);
      else expect(shown).toMatchObject({ state: "error", error: { retryable: true } });
    }
    const again = await Promise.all(
      keys.map((idempotency_key) => view("book_flight", { draft_id, idempotency_key })),
    );
    expect(booked.length - before).toBe(1);
    for (const shown of again)
      expect(shown).toMatchObject({
        state: "committed",
        data: { replayed: true, booking: { booking_id: id } },
      });
  });

  it("books only with the widget's confirmation: the model's own call is refused", async () => {
    const draft_id = await prepare("f-101", 1);
    const before = booked.length;
    const listed = tools.listTools().find((tool) => tool.name === "book_flight");
    expect(listed?._meta).toMatchObject({
      ui: { visibility: ["app"] },
    });
    expect(listed?._meta).not.toHaveProperty("openai/visibility");
    const result = await tools.callTool(
      "book_flight",
      { draft_id, idempotency_key: "key-model-1" },
      alice,
    );
    expect(flights.parse(result.structuredContent)).toMatchObject({
      state: "error",
      error: { code: "CONFIRMATION_REQUIRED", retryable: false, changes: "none" },
    });
    expect(booked.length).toBe(before);
  });

  it("refuses a caller no token (or connection owner) vouches for", async () => {
    const draft_id = await prepare("f-101", 1);
    const before = booked.length;
    const shown = await view("book_flight", { draft_id, idempotency_key: "key-anon" }, {});
    expect(shown).toMatchObject({ state: "error", error: { code: "AUTH_REQUIRED" } });
    expect(booked.length).toBe(before);
  });

  it("charges the schedule's price, whatever the client sends", async () => {
    const withTotal = await view("book_flight", {
      draft_id: await prepare("f-102", 3),
      idempotency_key: "key-price",
      total: { amount: "1.00", currency: "EUR" },
    });
    expect(withTotal).toMatchObject({ state: "error", error: { code: "VALIDATION_FAILED" } });
    // A draft id written by hand names an offer and seats, never a price.
    const draft_id = `bd.f-102.3.${clock + 60_000}`;
    const shown = await view("book_flight", { draft_id, idempotency_key: "key-price" });
    expect(shown.state).toBe("committed");
    if (shown.state === "committed")
      expect(shown.data.booking.total).toEqual({ amount: "295.50", currency: "EUR" });
  });

  it("suggests a fresh idempotency key for a bad one, never one to share", async () => {
    const example = async () => {
      const shown = await view("book_flight", { draft_id: "bd.x", idempotency_key: "short" });
      if (shown.state !== "error") throw new Error(shown.state);
      return shown.error.field_errors?.find((f) => f.field === "idempotency_key")?.example;
    };
    const [first, second] = [await example(), await example()];
    expect(JSON.parse(first!)).toMatch(/^[\w.:-]{8,128}$/);
    expect(first).not.toBe(second);
  });

  it("refuses an unknown or expired draft, changing nothing", async () => {
    // A draft no other test books (the clock stands still, so the same offer and count make
    // the same draft id, and a booked draft replays its booking first).
    const draft_id = await prepare("f-103", 2);
    const unknown = await view("book_flight", {
      draft_id: "bd.f-999.1.0",
      idempotency_key: "key-unknown",
    });
    expect(unknown).toMatchObject({
      state: "error",
      error: { code: "DRAFT_NOT_FOUND", retryable: false, changes: "none" },
    });
    clock += 16 * 60_000;
    const late = await view("book_flight", { draft_id, idempotency_key: "key-late" });
    expect(late).toMatchObject({
      state: "error",
      error: { code: "DRAFT_EXPIRED", retryable: false, changes: "none" },
    });
  });

  it("books nothing and says the outcome is unknown when the booking database is down", async () => {
    const down = () => Promise.reject(new Error("SQLITE_CANTOPEN"));
    const outage = createFlightsServer({
      widget,
      log: silentLogger,
      store: guardStore(createSqliteStore(":memory:"), down),
      onBooked: (booking) => booked.push(booking),
      now: () => clock,
    });
    const draft_id = await prepare("f-101", 1);
    const before = booked.length;
    const result = await asWidget(outage).call("book_flight", {
      draft_id,
      idempotency_key: "outage-key-0001",
    });
    expect(flights.parse(result.structuredContent)).toMatchObject({
      state: "error",
      // The kit cannot read the key's record, which may be in doubt from an earlier attempt, so
      // it never claims "none" here; this attempt itself booked nothing.
      error: {
        code: ERROR_CODES.idempotency.storeUnavailable,
        retryable: true,
        changes: "unknown",
      },
    });
    expect(booked.length).toBe(before);
  });
});
