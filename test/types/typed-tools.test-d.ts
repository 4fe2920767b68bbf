/**
 * Type tests of typed tool calls: the server's `defineTool` declarations are the one source of
 * a tool's name, arguments and kind; the widget's `toolRefs` + `useCallTool` accept only those
 * names and arguments and hand back that kind's view. A wrong name, a wrong argument and a
 * wrong kind each fail to compile.
 */
import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import { useCallTool } from "mcp-widget-kit";
import {
  defineContract,
  id,
  listKind,
  recordKind,
  text,
  toolRefs,
  type ErrorView,
  type InvalidView,
  type UnsupportedView,
} from "mcp-widget-kit/contract";
import { defineTool, type ToolsOf } from "mcp-widget-kit/server";

const Note = v.object({ id: id(), title: text(100) });
const notes = defineContract({
  kinds: {
    note_list: listKind({ items: "notes", item: Note }),
    note_saved: recordKind({ state: "committed", entries: { note: Note } }),
  },
});

export const findNotes = defineTool(notes, "note_list", {
  name: "find_notes",
  description: "Find notes.",
  annotations: { readOnlyHint: true },
  arguments: {
    schema: v.strictObject({ query: v.string(), limit: v.optional(v.number(), 10) }),
    repair: () => ({ query: "" }),
  },
  handler: async () => ({ ok: true, data: { notes: [] }, text: "none" }),
});
export const saveNote = defineTool(notes, "note_saved", {
  name: "save_note",
  description: "Save a note.",
  annotations: { destructiveHint: false },
  writes: true,
  confirm: "model",
  arguments: { schema: v.strictObject({ title: v.string() }), repair: () => ({ title: "" }) },
  handler: async ({ title }) => ({ ok: true, data: { note: { id: "n1", title } }, text: "saved" }),
});

/** What the app exports once from its server, for its widget. */
type NoteTools = ToolsOf<typeof findNotes | typeof saveNote>;
const tools = toolRefs<NoteTools>(notes, { find_notes: "note_list", save_note: "note_saved" });

describe("typed tool calls", () => {
  it("collects each tool's arguments (as a caller sends them) and kind by name", () => {
    expectTypeOf<keyof NoteTools>().toEqualTypeOf<"find_notes" | "save_note">();
    expectTypeOf<NoteTools["find_notes"]["input"]>().toEqualTypeOf<{
      query: string;
      limit?: number | undefined;
    }>();
    expectTypeOf<NoteTools["save_note"]["kind"]>().toEqualTypeOf<"note_saved">();
  });

  it("names each tool's kind once, checked against the server", () => {
    // @ts-expect-error save_note answers note_saved, not note_list
    toolRefs<NoteTools>(notes, { find_notes: "note_list", save_note: "note_list" });
    // @ts-expect-error every tool needs its kind
    toolRefs<NoteTools>(notes, { find_notes: "note_list" });
  });

  it("accepts only the app's tool names", () => {
    expectTypeOf(tools.find_notes.name).toEqualTypeOf<"find_notes">();
    // @ts-expect-error the server declares no tool delete_note
    void tools.delete_note;
  });

  it("checks the arguments and returns that kind's view", async () => {
    const find = useCallTool(tools.find_notes);
    expectTypeOf(find.call).toBeCallableWith({ query: "milk" });
    expectTypeOf(find.call).toBeCallableWith({ query: "milk", limit: 3 });
    // @ts-expect-error query is a string
    void find.call({ query: 7 });
    // @ts-expect-error query is required
    void find.call({ limit: 3 });
    const outcome = await find.call({ query: "milk" });
    if (!outcome.ok) return;
    const view = outcome.view;
    expectTypeOf(view.state).toEqualTypeOf<
      "results" | "empty" | "error" | "invalid" | "unsupported"
    >();
    if (view.state === "results")
      expectTypeOf(view.items).toEqualTypeOf<Array<{ id: string; title: string }>>();
    // @ts-expect-error a note_list tool never shows the committed state
    if (view.state === "committed") void view;
  });

  it("types a record kind's view by its declared state", async () => {
    const save = useCallTool(tools.save_note);
    const outcome = await save.call({ title: "Milk" });
    if (!outcome.ok) return;
    expectTypeOf(outcome.view).toExtend<
      { state: "committed" } | ErrorView | InvalidView | UnsupportedView
    >();
    if (outcome.view.state === "committed")
      expectTypeOf(outcome.view.data.note.title).toEqualTypeOf<string>();
    expectTypeOf(save.view).toEqualTypeOf<typeof outcome.view | undefined>();
  });
});
