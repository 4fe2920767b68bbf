// @vitest-environment node
/** The write flow's core with no DOM and no React: a store over a mock host. */
import { describe, expect, it } from "vitest";
import {
  createMockHost,
  type MockHost,
  type MockHostOptions,
} from "../../src/testing/mock-host.ts";
import { createWriteFlow } from "../../src/write/write-flow.ts";
import { booking, failure, hold, list, receipt, seats, STATE_KEY, tools } from "./seats.ts";

function setup(options: MockHostOptions = {}) {
  const host = createMockHost({ globals: { toolOutput: list }, ...options });
  const flow = createWriteFlow({
    host,
    contract: seats,
    prepare: tools.hold_seat,
    commit: tools.book_seat,
    tools,
    receipt,
    stateKey: STATE_KEY,
  });
  let changes = 0;
  flow.subscribe(() => changes++);
  return { host, flow, state: () => flow.getSnapshot().view?.state, changes: () => changes };
}

describe("createWriteFlow", () => {
  it("runs one prepare at a time and shows the draft, kept in widget state", async () => {
    let release: () => void = () => {};
    const { host, flow, state } = setup({
      tools: {
        hold_seat: (args) =>
          new Promise((resolve) => (release = () => resolve(hold(String(args.seat))))),
      },
    });
    expect(state()).toBe("results");
    const first = flow.prepare({ seat: "12A" });
    const second = flow.prepare({ seat: "12B" });
    expect(flow.getSnapshot().pending).toEqual({ seat: "12A" });
    await Promise.resolve();
    release();
    await Promise.all([first, second]);
    expect(host.toolCalls("hold_seat").map((call) => call.args)).toEqual([{ seat: "12A" }]);
    expect(state()).toBe("confirm");
    expect(flow.getSnapshot().pending).toBeNull();
    expect(host.get("widgetState")).toMatchObject({ [STATE_KEY]: hold("12A") });
  });

  it("keeps the snapshot's identity until something changes", () => {
    const { flow } = setup();
    expect(flow.getSnapshot()).toBe(flow.getSnapshot());
  });

  it("restores a stored draft, parsed again, and ignores one that is not a draft or receipt", () => {
    const restored = setup({
      globals: { toolOutput: list, widgetState: { [STATE_KEY]: hold("12B") } },
    });
    expect(restored.state()).toBe("confirm");
    for (const stored of [{ kind: "seat_hold", ok: true }, list, "x", 42, { toString: 1 }]) {
      const ignored = setup({
        globals: { toolOutput: list, widgetState: { [STATE_KEY]: stored } },
      });
      expect(ignored.state()).toBe("results");
    }
  });

  it("restores widget state that arrives late, unless the person moved on", async () => {
    const late = setup();
    late.host.setGlobals({ widgetState: { [STATE_KEY]: hold("12A") } });
    expect(late.state()).toBe("confirm");
    expect(late.changes()).toBeGreaterThan(0);

    const moved = setup({ tools: { hold_seat: () => hold("12B") } });
    moved.flow.cancel();
    moved.host.setGlobals({ widgetState: { [STATE_KEY]: hold("12A") } });
    expect(moved.state()).toBe("results");
  });

  it("cancels back to the list and forgets the draft; with no list under it, says cancelled", async () => {
    const { host, flow, state } = setup({ tools: { hold_seat: () => hold("12A") } });
    await flow.prepare({ seat: "12A" });
    flow.cancel();
    expect(state()).toBe("results");
    expect(flow.getSnapshot().cancelled).toBe(false);
    expect(host.get("widgetState")).toMatchObject({ [STATE_KEY]: null });

    const draftOnly = setup({ globals: { toolOutput: hold("12A") } });
    draftOnly.flow.cancel();
    expect(draftOnly.flow.getSnapshot().cancelled).toBe(true);
  });

  it("offers a retry of a failed prepare only when its error is retryable", async () => {
    let calls = 0;
    const { host, flow, state } = setup({
      tools: {
        hold_seat: (args) =>
          ++calls === 1
            ? failure("seat_hold", "UPSTREAM_UNAVAILABLE", true)
            : hold(String(args.seat)),
      },
    });
    await flow.prepare({ seat: "12A" });
    expect(state()).toBe("error");
    expect(flow.getSnapshot().back).toBeUndefined();
    await flow.getSnapshot().retry!();
    expect(host.toolCalls("hold_seat")).toHaveLength(2);
    expect(state()).toBe("confirm");
    expect(flow.getSnapshot().retry).toBeUndefined();
  });

  it("offers the retry of a call that needs sign-in (then the same call), retryable or not", async () => {
    const { flow } = setup({
      tools: { hold_seat: () => failure("seat_hold", "AUTH_REQUIRED", false) },
    });
    await flow.prepare({ seat: "12A" });
    expect(flow.getSnapshot().retry).toBeTypeOf("function");
    expect(flow.getSnapshot().back).toBeUndefined();
  });

  it("after a final prepare error offers back and refresh, never retry", async () => {
    const fresh = { ...list, seats: [{ id: "14C", label: "Seat 14C" }] };
    const { host, flow, state } = setup({
      globals: { toolOutput: list, toolInput: { flight: "LIS-OPO" } },
      tools: {
        hold_seat: () => failure("seat_hold", "SEAT_ALREADY_TAKEN", false),
        list_seats: () => fresh,
      },
    });
    await flow.prepare({ seat: "12A" });
    const ended = flow.getSnapshot();
    expect(ended.view?.state).toBe("error");
    expect(ended.retry).toBeUndefined();
    ended.back!();
    expect(state()).toBe("results");
    await flow.prepare({ seat: "12A" });
    await flow.getSnapshot().refresh!();
    expect(host.toolCalls("list_seats").map((call) => call.args)).toEqual([{ flight: "LIS-OPO" }]);
    const shown = flow.getSnapshot().view;
    expect(shown?.state === "results" && shown.items.map((seat) => seat.id)).toEqual(["14C"]);
    expect(flow.getSnapshot().back).toBeUndefined();
  });

  it("commits with the draft's proof, shows the receipt, then back reads the list again", async () => {
    const META = "mcp-widget-kit/confirmation";
    const { host, flow, state } = setup({
      tools: {
        hold_seat: () => ({
          structuredContent: hold("12A"),
          content: [],
          _meta: { [META]: "v1.p" },
        }),
        book_seat: () => booking,
        list_seats: () => list,
      },
    });
    await flow.prepare({ seat: "12A" });
    expect(flow.getSnapshot().back).toBeUndefined();
    const outcome = await flow.commit({ hold_id: "h-12A", key: "k".repeat(16) });
    expect(outcome).toEqual({ ok: true, reference: "BK-1" });
    expect(host.toolCalls("book_seat")[0]!.args).toMatchObject({ confirmation: "v1.p" });
    expect(state()).toBe("confirm"); // until ConfirmDraft says it was seen
    flow.committed();
    const done = flow.getSnapshot();
    expect(done.view?.state).toBe("committed");
    expect(done.justCommitted).toBe(true);
    expect(host.get("widgetState")).toMatchObject({ [STATE_KEY]: booking });
    // The list as it was is stale after the write: back is its read, and no second way does it.
    expect(done.refresh).toBeUndefined();
    await done.back!();
    expect(host.toolCalls("list_seats")).toHaveLength(1);
    expect(state()).toBe("results");
    expect(flow.getSnapshot().justCommitted).toBe(false);
  });

  it("tells a proof the host dropped apart from an expired draft (issue 48)", async () => {
    const refused = failure("booking", "CONFIRMATION_REQUIRED", false);
    // MCPJam's inspector answers the widget's prepare with `_meta: null`: no proof arrives.
    const { host, flow } = setup({
      tools: {
        hold_seat: () => ({ structuredContent: hold("12A"), content: [], _meta: null }),
        book_seat: () => refused,
      },
    });
    await flow.prepare({ seat: "12A" });
    const outcome = await flow.commit({ hold_id: "h-12A", key: "k".repeat(16) });
    expect(host.toolCalls("book_seat")[0]!.args).not.toHaveProperty("confirmation");
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: "CONFIRMATION_NOT_DELIVERED", changes: "none", retryable: false },
    });
    // With a proof sent, the same refusal is the server's word on it (forged, stale): kept.
    const proved = setup({
      tools: {
        hold_seat: () => ({
          structuredContent: hold("12A"),
          content: [],
          _meta: { "mcp-widget-kit/confirmation": "v1.p" },
        }),
        book_seat: () => refused,
      },
    });
    await proved.flow.prepare({ seat: "12A" });
    const stale = await proved.flow.commit({ hold_id: "h-12A", key: "k".repeat(16) });
    expect(stale).toMatchObject({ ok: false, error: { code: "CONFIRMATION_REQUIRED" } });
  });

  it("after a committed write with no read to run again, back is the list as it was", async () => {
    const host = createMockHost({
      globals: { toolOutput: list },
      tools: { hold_seat: () => hold("12A"), book_seat: () => booking },
    });
    // No `tools`: the flow knows no read behind the list.
    const flow = createWriteFlow({
      ...{ host, contract: seats, prepare: tools.hold_seat, commit: tools.book_seat, receipt },
    });
    await flow.prepare({ seat: "12A" });
    await flow.commit({ hold_id: "h-12A", key: "k".repeat(16) });
    flow.committed();
    expect(flow.getSnapshot().refresh).toBeUndefined();
    flow.getSnapshot().back!();
    expect(flow.getSnapshot().view?.state).toBe("results");
    expect(host.toolCalls("list_seats")).toHaveLength(0);
  });

  it("ends the flow after the model's prepare or commit was refused for good (no list)", () => {
    for (const refused of [
      failure("seat_hold", "SEAT_ALREADY_TAKEN", false),
      failure("booking", "CONFIRMATION_REQUIRED", false),
    ]) {
      const { flow } = setup({ globals: { toolOutput: refused } });
      const ended = flow.getSnapshot();
      expect(ended.retry).toBeUndefined();
      expect(ended.refresh).toBeUndefined();
      expect(ended.back).toBeUndefined(); // no list to go back to
      ended.end!();
      expect(flow.getSnapshot().cancelled).toBe(true);
    }
    // A retryable refusal has its retry instead; a list under the flow has its back.
    const { flow } = setup({ globals: { toolOutput: failure("seat_hold", "BUSY", true) } });
    expect(flow.getSnapshot().end).toBeUndefined();
    expect(setup().flow.getSnapshot().end).toBeUndefined();
  });

  it("retries a failed host result through the tool behind its kind, only when retryable", async () => {
    const failed = failure("seat_list", "UPSTREAM_TIMEOUT", true);
    const { host, flow, state } = setup({
      globals: { toolOutput: failed, toolInput: { flight: "LIS-OPO" } },
      tools: { list_seats: () => list },
    });
    await flow.getSnapshot().retry!();
    expect(host.toolCalls("list_seats").map((call) => call.args)).toEqual([{ flight: "LIS-OPO" }]);
    expect(state()).toBe("results");

    const final = setup({ globals: { toolOutput: failure("seat_list", "NOT_FOUND", false) } });
    expect(final.flow.getSnapshot().retry).toBeUndefined();
    // A read that failed for good is not a write that ended: no way back is offered.
    expect(final.flow.getSnapshot().refresh).toBeUndefined();
  });

  it("sees a host output that arrives after the store was made", () => {
    const { host, flow, state } = setup({ globals: {} });
    expect(flow.getSnapshot().view).toBeNull();
    host.setGlobals({ toolOutput: list });
    expect(state()).toBe("results");
  });

  describe("tells the model what the person did (updateModelContext)", () => {
    const told = (host: MockHost) => host.callsOf("updateModelContext").map((call) => call.args[0]);
    const text = (value: string) => ({ content: [{ type: "text", text: value }] });

    it("after a commit, and after a cancel of a draft that was never sent", async () => {
      const { host, flow } = setup({
        tools: { hold_seat: () => hold("12A"), book_seat: () => booking, list_seats: () => list },
      });
      await flow.prepare({ seat: "12A" });
      flow.cancel();
      expect(told(host)).toEqual([text("The person did not confirm; nothing changed.")]);
      await flow.prepare({ seat: "12A" });
      await flow.commit({ hold_id: "h-12A", key: "k".repeat(16) });
      flow.committed();
      flow.getSnapshot().back!(); // going back after the receipt is no cancel
      expect(told(host)).toEqual([
        text("The person did not confirm; nothing changed."),
        text("The person confirmed (reference BK-1)."),
      ]);
    });

    it("in the app's words when it gives them", async () => {
      const host = createMockHost({
        globals: { toolOutput: list },
        tools: {
          hold_seat: () => hold("12A"),
          book_seat: () => booking,
        },
      });
      const flow = createWriteFlow({
        ...{ host, contract: seats, prepare: tools.hold_seat, commit: tools.book_seat, receipt },
        words: { confirmed: (ref) => `Event ${ref} cancelled.`, declined: "The event was kept." },
      });
      await flow.prepare({ seat: "12A" });
      flow.cancel();
      await flow.prepare({ seat: "12A" });
      await flow.commit({ hold_id: "h-12A", key: "k".repeat(16) });
      flow.committed();
      expect(told(host)).toEqual([text("The event was kept."), text("Event BK-1 cancelled.")]);
    });

    it("after a sign-in (a call refused for it, then one that was not)", async () => {
      let calls = 0;
      const { host, flow } = setup({
        tools: {
          hold_seat: () =>
            ++calls === 1 ? failure("seat_hold", "AUTH_REQUIRED", true) : hold("12A"),
        },
      });
      await flow.prepare({ seat: "12A" });
      expect(told(host)).toEqual([]);
      await flow.getSnapshot().retry!();
      expect(told(host)).toEqual([text("The person signed in.")]);
    });

    it("never where the host cannot take it", async () => {
      const { host, flow } = setup({
        capabilities: { updateModelContext: false },
        tools: { hold_seat: () => hold("12A") },
      });
      await flow.prepare({ seat: "12A" });
      flow.cancel();
      expect(told(host)).toEqual([]);
    });
  });
});

describe("createWriteFlow's options, changed after it was made", () => {
  it("reads the latest (words, output) and keeps where the flow is", async () => {
    const host = createMockHost({
      globals: { toolOutput: list },
      capabilities: { updateModelContext: true },
      tools: { hold_seat: () => hold("12A") },
    });
    const options = { host, contract: seats, prepare: tools.hold_seat, commit: tools.book_seat };
    const flow = createWriteFlow({ ...options, receipt });
    await flow.prepare({ seat: "12A" });
    flow.setOptions({ ...options, receipt, words: { declined: "Kept." } });
    expect(flow.getSnapshot().view?.state).toBe("confirm"); // the draft is still there
    flow.cancel();
    expect(host.callsOf("updateModelContext").map((call) => call.args[0])).toEqual([
      { content: [{ type: "text", text: "Kept." }] },
    ]);
    flow.setOptions({ ...options, receipt, output: null, hasOutput: true });
    expect(flow.getSnapshot().view?.state).toBe("invalid");
  });
});
