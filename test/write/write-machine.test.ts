// @vitest-environment node
/** The widget's write as one pure reducer: each event from each phase (screen × commit). */
import { describe, expect, it } from "vitest";
import type { ErrorView } from "../../src/contract/index.ts";
import {
  commitPhase,
  reduceWrite,
  type CommitPhase,
  type WriteEvent,
  type WritePhase,
} from "../../src/write/write-machine.ts";

type View = { readonly state: string; readonly kind?: string };
type Phase = WritePhase<View, { seat: string }>;
type Event = WriteEvent<View, { seat: string }>;

const draft: View = { state: "confirm", kind: "seat_hold" };
const receipt: View = { state: "committed", kind: "booking" };
const refused = {
  state: "error",
  kind: "booking",
  version: "1.0",
  error: { code: "CONFLICT", message: "", retryable: false },
} as ErrorView;
const again = async () => {};
const FAILED = { ok: false as const, error: refused.error };
const args = { seat: "12A" };

const start: Phase = { kind: "start" };
const base: Phase = { kind: "base" };
const cancelled: Phase = { kind: "cancelled" };
const shown: Phase = { kind: "shown", view: draft, again };
const DONE = { ok: true as const, reference: "B-1", replayed: false };
const sentOk = {
  phase: { kind: "committed", outcome: DONE } as const,
  view: receipt,
  done: { raw: { kind: "booking" } },
};
const committedOnce: Phase = { kind: "shown", view: draft, commit: sentOk };
const justCommitted: Phase = { kind: "shown", view: receipt, fresh: true };
const PHASES = { start, base, cancelled, shown, committedOnce, justCommitted } as const;

const reduce = (phase: Phase, ...events: Event[]) => events.reduce(reduceWrite, phase);

describe("reduceWrite: the screen", () => {
  it("prepare: from every phase, marks it pending, forgets the commit, stops restoring", () => {
    for (const [name, phase] of Object.entries(PHASES)) {
      const next = reduce(phase, { type: "prepare", args });
      expect(next.pending, name).toBe(args);
      expect(next.commit, name).toBeUndefined();
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
    expect(reduce({ kind: "start", commit: sentOk }, { type: "read" })).toEqual({
      kind: "base",
      commit: sentOk,
    });
    for (const phase of [base, cancelled, shown, committedOnce, justCommitted])
      expect(reduce(phase, { type: "read" })).toBe(phase);
  });

  it("sent: keeps the commit's answer beside what is shown, in every phase", () => {
    for (const [name, phase] of Object.entries(PHASES)) {
      const next = reduce(phase, { type: "sent", outcome: FAILED, view: refused });
      expect(next, name).toMatchObject({
        kind: phase.kind,
        commit: { view: refused, phase: { kind: "error", error: FAILED.error } },
      });
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
    expect(reduce({ kind: "start", commit: sentOk }, { type: "committed" })).toMatchObject({
      view: receipt,
      fresh: true,
    });
    // A refused commit, or none: no receipt to show.
    for (const phase of [start, base, cancelled, shown, justCommitted])
      expect(reduce(phase, { type: "committed" })).toBe(phase);
    expect(
      reduce(shown, { type: "sent", outcome: FAILED, view: refused }, { type: "committed" }).kind,
    ).toBe("shown");
    expect(
      reduce(shown, { type: "sent", outcome: FAILED, view: refused }, { type: "committed" }) as {
        view: View;
      },
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
      { type: "sent", outcome: FAILED, view: refused },
      { type: "committed" },
      { type: "cancel", end: true },
    ] satisfies Event[])
      reduce(frozen, event);
    expect(frozen).toEqual(committedOnce);
  });
});

describe("reduceWrite: the commit, every commit phase × every event", () => {
  const error = { kind: "error", error: refused.error, retrying: false, signIn: false } as const;
  const COMMIT_PHASES: { [K in CommitPhase["kind"]]: readonly CommitPhase[] } = {
    confirm: [{ kind: "confirm" }],
    committing: [{ kind: "committing" }],
    committed: [{ kind: "committed", outcome: DONE }],
    error: [error, { ...error, retrying: true }],
  };
  const key = "k".repeat(16);
  const EVENTS: { [K in Event["type"]]: readonly Extract<Event, { type: K }>[] } = {
    prepare: [{ type: "prepare", args }],
    read: [{ type: "read" }],
    answer: [{ type: "answer", view: draft, again }],
    commit: [
      { type: "commit", key },
      { type: "commit", key, expired: true },
    ],
    sent: [
      { type: "sent", outcome: DONE, view: receipt, done: { raw: 1 } },
      { type: "sent", outcome: FAILED, view: refused },
    ],
    committed: [{ type: "committed" }],
    cancel: [{ type: "cancel", end: false }],
  };
  /** What the commit phase becomes: the rules, written out once more. */
  function expected(phase: CommitPhase, event: Event): CommitPhase | "gone" {
    switch (event.type) {
      case "prepare":
      case "answer":
      case "cancel":
        return "gone"; // the draft on screen changed: its commit is forgotten
      case "read":
        return phase;
      case "commit": {
        const busy = phase.kind === "committing" || (phase.kind === "error" && phase.retrying);
        if (busy || phase.kind === "committed") return phase;
        if (event.expired && phase.kind === "confirm") return phase;
        return phase.kind === "error" ? { ...phase, retrying: true } : { kind: "committing" };
      }
      case "sent":
        return event.outcome.ok
          ? { kind: "committed", outcome: DONE }
          : { ...error, error: event.outcome.error };
      case "committed":
        return phase.kind === "committed" ? "gone" : phase;
    }
  }

  for (const [kind, phases] of Object.entries(COMMIT_PHASES))
    for (const commit of phases)
      for (const events of Object.values(EVENTS))
        for (const event of events as readonly Event[])
          it(`${kind}${commit.kind === "error" && commit.retrying ? " (retrying)" : ""} × ${event.type}${"expired" in event && event.expired ? " (expired)" : ""}`, () => {
            // A committed phase has its answer kept, as the flow keeps it.
            const held =
              commit.kind === "committed"
                ? { phase: commit, view: receipt, done: { raw: 1 } }
                : { phase: commit };
            const state: Phase = { kind: "shown", view: draft, commit: held };
            const next = reduceWrite(state, event);
            const want = expected(commit, event);
            if (want === "gone") expect(next.commit).toBeUndefined();
            else expect(commitPhase(next)).toEqual(want);
            // No change is the same state.
            if (want === commit) expect(next).toBe(state);
          });

  it("holds the key a commit is sent with, through its answer", () => {
    const sent = reduce(start, { type: "commit", key }, { type: "sent", outcome: FAILED });
    expect(sent.commit?.key).toBe(key);
    // A commit refused (one on its way) keeps the key of the one on its way.
    const busy = reduce(start, { type: "commit", key });
    expect(reduce(busy, { type: "commit", key: "other".repeat(4) })).toBe(busy);
  });
});
