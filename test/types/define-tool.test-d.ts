/**
 * Type tests: a tool declared with `defineTool(contract, kind, …)` must return that kind's
 * data — a wrong shape is a compile error in the server, not a surprise in the widget.
 */
import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import {
  defineContract,
  id,
  listKind,
  MoneySchema,
  recordKind,
  text,
  type ToolSignature,
} from "mcp-widget-kit/contract";
import { defineTool, type ToolDefinition } from "mcp-widget-kit/server";

const Note = v.object({ id: id(), title: text(100) });
const notes = defineContract({
  kinds: {
    note_list: listKind({ items: "notes", item: Note, reason: "why_empty" }),
    note_draft: recordKind({
      state: "confirm",
      entries: { draft: v.object({ total: MoneySchema }) },
    }),
  },
});
const Args = v.strictObject({ query: v.string() });
const base = {
  name: "find_notes" as const,
  description: "Find notes.",
  annotations: { readOnlyHint: true },
  arguments: { schema: Args, repair: () => ({ query: "" }) },
};

describe("defineTool", () => {
  it("types the handler's data as the kind's wire data, and its arguments from the schema", () => {
    const tool = defineTool(notes, "note_list", {
      ...base,
      async handler(args) {
        expectTypeOf(args).toEqualTypeOf<{ query: string }>();
        return { ok: true, data: { notes: [{ id: "n1", title: "Hello" }] }, text: "1 note" };
      },
    });
    expectTypeOf(tool.name).toEqualTypeOf<"find_notes">();
    expectTypeOf(tool.kind).toEqualTypeOf<"note_list">();
    expectTypeOf(tool["~signature"]).toEqualTypeOf<
      ToolSignature<{ query: string }, "note_list", typeof notes.kinds> | undefined
    >();
    // Still a plain ToolDefinition where one is expected (createToolServer's tools).
    expectTypeOf(tool).toExtend<ToolDefinition<{ query: string }>>();
  });

  it("types repair by the schema's input: an example with a misspelt or mistyped field fails", () => {
    defineTool(notes, "note_list", {
      ...base,
      // @ts-expect-error `qurey` is no argument of the schema
      arguments: { schema: Args, repair: () => ({ qurey: "" }) },
      async handler() {
        return { ok: true, data: { notes: [] }, text: "none" };
      },
    });
    defineTool(notes, "note_list", {
      ...base,
      // @ts-expect-error `query` is a string
      arguments: { schema: Args, repair: () => ({ query: 42 }) },
      async handler() {
        return { ok: true, data: { notes: [] }, text: "none" };
      },
    });
  });

  it("refuses a shape the contract rejects", () => {
    defineTool(notes, "note_list", {
      ...base,
      // @ts-expect-error the list kind's items are under `notes`, not `items`
      async handler() {
        return { ok: true, data: { items: [] }, text: "none" };
      },
    });
    defineTool(notes, "note_draft", {
      ...base,
      // @ts-expect-error a draft's total is Money ({ amount: string, currency }), not a number
      async handler() {
        return { ok: true, data: { draft: { total: 12 } }, text: "draft" };
      },
    });
  });

  it("takes only kinds the contract declares", () => {
    // @ts-expect-error "note_saved" is not a kind of `notes`
    defineTool(notes, "note_saved", {
      ...base,
      handler: async () => ({ ok: false, error: { code: "X", message: "m", retryable: false } }),
    });
  });

  it("lets a handler fail with a ToolError body", () => {
    defineTool(notes, "note_list", {
      ...base,
      async handler() {
        return {
          ok: false,
          error: { code: "NOT_FOUND", message: "No such note.", retryable: false },
        };
      },
    });
  });
});
