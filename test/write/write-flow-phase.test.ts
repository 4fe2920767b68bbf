// @vitest-environment node
/** The write flow's rules as one pure reducer: each event from each phase. */
import { describe, expect, it } from "vitest";
import type { ErrorView } from "../../src/contract/index.ts";
import {
  reduceWriteFlow,
  type WriteFlowEvent,
  type WriteFlowPhase,
} from "../../src/write/write-flow-phase.ts";

type View = { readonly state: string; readonly kind?: string };
type Phase = WriteFlowPhase<View, { seat: string }>;
type Event = WriteFlowEvent<View, { seat: string }>;

const draft: View = { state: "confirm", kind: "seat_hold" };
const receipt: View = { state: "committed", kind: "booking" };
const refused = {
  state: "error",
  kind: "booking",
  version: "1.0",
  error: { code: "CONFLICT", message: "", retryable: false },
} as ErrorView;
const again = async () => {};
const args = { seat: "12A" };

const start: Phase = { kind: "start" };
const base: Phase = { kind: "base" };
const cancelled: Phase = { kind: "cancelled" };
const shown: Phase = { kind: "shown", view: draft, again };
const sentOk = { view: receipt, done: { raw: { kind: "booking" } } };
const committedOnce: Phase = { kind: "shown", view: draft, sent: sentOk };
const justCommitted: Phase = { kind: "shown", view: receipt, fresh: true };
const PHASES = { start, base, cancelled, shown, committedOnce, justCommitted } as const;

const reduce = (phase: Phase, ...events: Event[]) => events.reduce(reduceWriteFlow, phase);

describe("reduceWriteFlow", () => {
  it("prepare: from every phase, marks it pending, forgets the commit, stops restoring", () => {
    for (const [name, phase] of Object.entries(PHASES)) {
      const next = reduce(phase, { type: "prepare", args });
      expect(next.pending, name).toBe(args);
      expect(next.sent, name).toBeUndefined();
      expect(next.kind, name).toBe(phase.kind === "start" ? "base" : phase.kind);
      if (next.kind === "shown") expect(next.fresh, name).toBe(false);
    }
  });

  it("prepare while one is on its way: nothing changes (one prepare at a time)", () => {
    const preparing = reduce(base, { type: "prepare", args });
    expect(reduce(preparing, { type: "prepare", args: { seat: "12B" } })).toBe(preparing);
  });

  it("answer: shows it; a prepare's answer ends the prepare, a read's leaves it on its way", () => {
    for (const [name, phase] of Object.entries(PHASES)) {
      const preparing = reduce(phase, { type: "prepare", args });
      const prepared = reduce(preparing, { type: "answer", view: draft, again, prepared: true });
      expect(prepared, name).toEqual({ kind: "shown", view: draft, again, pending: undefined });
      const read = reduce(preparing, { type: "answer", view: refused, again });
      expect(read, name).toEqual({ kind: "shown", view: refused, again, pending: args });
      expect(reduce(phase, { type: "answer", view: refused, again }).kind, name).toBe("shown");
    }
  });

  it("read: stops restoring from start, changes nothing elsewhere", () => {
    expect(reduce({ kind: "start", sent: sentOk }, { type: "read" })).toEqual({
      kind: "base",
      sent: sentOk,
    });
    for (const phase of [base, cancelled, shown, committedOnce, justCommitted])
      expect(reduce(phase, { type: "read" })).toBe(phase);
  });

  it("sent: keeps the commit's answer beside what is shown, in every phase", () => {
    for (const [name, phase] of Object.entries(PHASES)) {
      const next = reduce(phase, { type: "sent", view: refused });
      expect(next, name).toMatchObject({ kind: phase.kind, sent: { view: refused } });
    }
  });

  it("committed: shows the receipt of a commit that went through, and nothing else", () => {
    expect(reduce(committedOnce, { type: "committed" })).toEqual({
      kind: "shown",
      view: receipt,
      fresh: true,
      pending: undefined,
    });
    // From start (the host's draft), too.
    expect(reduce({ kind: "start", sent: sentOk }, { type: "committed" })).toMatchObject({
      view: receipt,
      fresh: true,
    });
    // A refused commit, or none: no receipt to show.
    for (const phase of [start, base, cancelled, shown, justCommitted])
      expect(reduce(phase, { type: "committed" })).toBe(phase);
    expect(reduce(shown, { type: "sent", view: refused }, { type: "committed" }).kind).toBe(
      "shown",
    );
    expect(
      reduce(shown, { type: "sent", view: refused }, { type: "committed" }) as { view: View },
    ).toMatchObject({ view: draft });
  });

  it("cancel: back to the host's result, or the end when there is no list; forgets the rest", () => {
    for (const [name, phase] of Object.entries(PHASES)) {
      expect(reduce(phase, { type: "cancel", end: false }), name).toEqual({
        kind: "base",
        pending: undefined,
      });
      expect(reduce(phase, { type: "cancel", end: true }), name).toEqual({
        kind: "cancelled",
        pending: undefined,
      });
    }
    // A prepare on its way is still on its way: its answer is shown when it comes.
    const preparing = reduce(shown, { type: "prepare", args });
    expect(reduce(preparing, { type: "cancel", end: false }).pending).toBe(args);
  });

  it("never changes the phase it is given", () => {
    const frozen = Object.freeze({ ...committedOnce });
    for (const event of [
      { type: "prepare", args },
      { type: "answer", view: draft, again },
      { type: "read" },
      { type: "sent", view: refused },
      { type: "committed" },
      { type: "cancel", end: true },
    ] satisfies Event[])
      reduce(frozen, event);
    expect(frozen).toEqual(committedOnce);
  });
});
