/**
 * Type tests of `recordFixtures` (vitest typecheck, part of `npm test`): the states a
 * scenario may declare are the ones the app's contract can parse to, inferred from the
 * contract, so a misspelt or foreign state is a compile error, not a failed recording.
 */
import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import { defineContract, listKind, recordKind } from "mcp-widget-kit/contract";
import { recordFixtures, type Recorder } from "mcp-widget-kit/testing";
import type { RecordScenario } from "../../src/testing/record-fixtures.ts";

const Note = v.object({ id: v.string() });
const notes = defineContract({
  kinds: {
    note_list: listKind({ items: "notes", item: Note }),
    note_draft: recordKind({ state: "confirm", entries: { note: Note } }),
  },
});
type NotesState = "results" | "empty" | "confirm" | "error" | "invalid" | "unsupported";
const call = { tool: "search_notes", arguments: { query: "milk" } } as const;

describe("recordFixtures", () => {
  it("infers the states from the contract", () => {
    const report = recordFixtures({
      contract: notes,
      server: "http://127.0.0.1:8787/mcp",
      dir: "/fixtures",
      scenarios: [
        { name: "search", state: "results", calls: [call] },
        { name: "draft", state: "confirm", calls: [call] },
      ],
    });
    expectTypeOf(report).resolves.toEqualTypeOf<{
      readonly recorded: readonly string[];
      readonly changed: readonly string[];
      readonly removed: readonly string[];
    }>();
    expectTypeOf<Parameters<Recorder<NotesState>["record"]>[0]>().toEqualTypeOf<NotesState>();
  });

  it("refuses a state the contract never parses to", () => {
    void recordFixtures({
      contract: notes,
      server: "http://127.0.0.1:8787/mcp",
      dir: "/fixtures",
      // @ts-expect-error no kind of this contract is committed
      scenarios: [{ name: "order", state: "committed", calls: [call] }],
    });
    void recordFixtures({
      contract: notes,
      server: new URL("http://127.0.0.1:8787/mcp"),
      dir: "/fixtures",
      scenarios: async (recorder) => {
        recorder.record("results", "search", await recorder.call("search_notes", {}));
        // @ts-expect-error "draft" is not a state
        recorder.record("draft", "search", await recorder.call("search_notes", {}));
      },
    });
  });

  it("needs at least one call per scenario", () => {
    // @ts-expect-error calls is a non-empty list
    const none: RecordScenario<"results"> = { name: "x", state: "results", calls: [] };
    void none;
  });
});
