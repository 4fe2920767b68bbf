import { describe, expect, expectTypeOf, it } from "vitest";
import { DOM_STATES, NON_RECORD_STATES, RECORD_STATES } from "../../src/contract/states.ts";
import {
  defineContract,
  recordKind,
  type DomState,
  type NonRecordState,
  type RecordState,
} from "../../src/contract/index.ts";
import type { RecordKind } from "../../src/contract/kinds.ts";

describe("DOM_STATES", () => {
  it("holds every member of the public types, the run-time lists and the types alike", () => {
    expectTypeOf<(typeof DOM_STATES)[number]>().toEqualTypeOf<DomState>();
    expectTypeOf<(typeof NON_RECORD_STATES)[number]>().toEqualTypeOf<NonRecordState>();
    expectTypeOf<(typeof RECORD_STATES)[number]>().toEqualTypeOf<RecordState>();
  });

  it("publishes exactly the agreed data-state values", () => {
    expect([...DOM_STATES]).toEqual([
      "loading",
      "results",
      "empty",
      "error",
      "invalid",
      "unsupported",
      "confirm",
      "committing",
      "committed",
      "record",
    ]);
  });

  it("lets a record kind declare only a data-state value a finished record shows", () => {
    expect([...RECORD_STATES]).toEqual(["confirm", "committed", "record"]);
    for (const state of RECORD_STATES) expect(DOM_STATES).toContain(state);
  });

  it("splits the parsed states into records and the rest, with nothing in both", () => {
    expect([...NON_RECORD_STATES]).toEqual(["results", "empty", "error", "invalid", "unsupported"]);
    for (const state of NON_RECORD_STATES) expect(RECORD_STATES).not.toContain(state);
    // What `parse` never returns: the host has not delivered yet, or the write is running.
    const parsed = DOM_STATES.filter((state) => state !== "loading" && state !== "committing");
    expect([...NON_RECORD_STATES, ...RECORD_STATES].sort()).toEqual([...parsed].sort());
  });

  it("refuses a record state with another name (no mapping table turns it into a DOM state)", () => {
    const draft = { view: "record", state: "draft", entries: {} } as unknown as RecordKind;
    expect(() => defineContract({ kinds: { order_draft: draft } })).toThrow(
      /order_draft" must declare state "confirm" or "committed"/,
    );
    expect(() =>
      defineContract({ kinds: { order_draft: recordKind({ state: "confirm", entries: {} }) } }),
    ).not.toThrow();
  });
});
