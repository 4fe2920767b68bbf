/**
 * Type tests (vitest typecheck, part of `npm test`): what an app author gets from
 * `defineContract` — the view union, narrowed by `state` — checked by the compiler. Imports
 * go through the package name, as an app's do.
 */
import * as v from "valibot";
import { describe, expectTypeOf, it } from "vitest";
import { type RecordsOf, type ResultsOf } from "mcp-widget-kit";
import {
  defineContract,
  id,
  listKind,
  MoneySchema,
  recordKind,
  text,
} from "mcp-widget-kit/contract";
// The kit's own schemas (not public): the written ToolError and FieldError are their outputs.
import { FieldErrorSchema, ToolErrorSchema } from "../../src/contract/schemas.ts";
import type {
  DomState,
  FieldError,
  KindEnvelope,
  Money,
  ParsedResult,
  ToolError,
} from "mcp-widget-kit/contract";

const Note = v.object({ id: id(), title: text(100), tags: v.optional(v.array(v.string())) });
type Note = { id: string; title: string; tags?: string[] | undefined };

const notes = defineContract({
  kinds: {
    note_list: listKind({ items: "notes", item: Note, reason: "why_empty" }),
    note_draft: recordKind({
      state: "confirm",
      entries: { draft: v.object({ total: MoneySchema }) },
    }),
    note_saved: recordKind({ state: "committed", entries: { saved_id: id() } }),
  },
});
type View = ReturnType<typeof notes.parse>;
declare const view: View;

describe("defineContract → the view union", () => {
  it("parse returns the contract's own ParsedResult", () => {
    expectTypeOf(notes.parse).parameter(0).toEqualTypeOf<unknown>();
    expectTypeOf<View>().toEqualTypeOf<ParsedResult<typeof notes.kinds>>();
  });

  it("has exactly the states of the kit and the declared record kinds, each a data-state", () => {
    expectTypeOf(view.state).toEqualTypeOf<
      "results" | "empty" | "error" | "invalid" | "unsupported" | "confirm" | "committed"
    >();
    expectTypeOf(view.state).toExtend<DomState>();
  });

  it("a record kind may declare only a data-state a finished record shows", () => {
    // @ts-expect-error "draft" is not a data-state: the view state IS the DOM state
    recordKind({ state: "draft", entries: {} });
    // @ts-expect-error "committing" is a phase of the widget, never a parsed result
    recordKind({ state: "committing", entries: {} });
  });

  it("refuses fields before the state is narrowed", () => {
    // @ts-expect-error only the results state has items
    void view.items;
    // @ts-expect-error only the error state has an error
    void view.error;
  });
});

describe("narrowing by state", () => {
  it("results: the list kind's items, typed by its item schema, and its data", () => {
    if (view.state !== "results") return;
    expectTypeOf(view.kind).toEqualTypeOf<"note_list">();
    expectTypeOf(view.items).toEqualTypeOf<Note[]>();
    expectTypeOf(view.dropped).toEqualTypeOf<number>();
    expectTypeOf(view.data.notes).toEqualTypeOf<Note[]>();
    expectTypeOf(view.data.why_empty).toEqualTypeOf<string | undefined>();
    expectTypeOf(view.version).toEqualTypeOf<string>();
  });

  it("empty: the list kind with an optional reason", () => {
    if (view.state !== "empty") return;
    expectTypeOf(view.kind).toEqualTypeOf<"note_list">();
    expectTypeOf(view.reason).toEqualTypeOf<string | undefined>();
    // @ts-expect-error an empty list has no items
    void view.items;
  });

  it("confirm and committed: each record kind with its own data", () => {
    if (view.state === "confirm") {
      expectTypeOf(view.kind).toEqualTypeOf<"note_draft">();
      expectTypeOf(view.data.draft.total).toEqualTypeOf<Money>();
      // @ts-expect-error the draft kind has no saved_id
      void view.data.saved_id;
    }
    if (view.state === "committed") {
      expectTypeOf(view.kind).toEqualTypeOf<"note_saved">();
      expectTypeOf(view.data).toEqualTypeOf<{ saved_id: string }>();
    }
  });

  it("error, invalid and unsupported: what every contract shares", () => {
    if (view.state === "error") {
      expectTypeOf(view.error).toEqualTypeOf<ToolError>();
      expectTypeOf(view.kind).toEqualTypeOf<string>();
    }
    if (view.state === "invalid") {
      expectTypeOf(view.reason).toEqualTypeOf<string>();
      expectTypeOf(view.kind).toEqualTypeOf<string | undefined>();
    }
    if (view.state === "unsupported") expectTypeOf(view.version).toEqualTypeOf<string>();
  });

  it("two list kinds share results and are told apart by kind", () => {
    const two = defineContract({
      kinds: {
        a_list: listKind({ items: "a", item: v.object({ a: v.number() }) }),
        b_list: listKind({ items: "b", item: v.object({ b: v.string() }) }),
      },
    });
    const parsed = two.parse(null);
    if (parsed.state !== "results") return;
    if (parsed.kind === "a_list") expectTypeOf(parsed.items).toEqualTypeOf<{ a: number }[]>();
    else expectTypeOf(parsed.items).toEqualTypeOf<{ b: string }[]>();
  });
});

describe("ResultView's render functions and the wire type", () => {
  it("renderResults gets the results member, renderRecord the record members", () => {
    expectTypeOf<ResultsOf<View>["items"]>().toEqualTypeOf<Note[]>();
    expectTypeOf<RecordsOf<View>["state"]>().toEqualTypeOf<"confirm" | "committed">();
  });

  it("KindEnvelope is what a server returns for a kind", () => {
    type Wire = KindEnvelope<typeof notes, "note_saved">;
    expectTypeOf<Extract<Wire, { ok: true }>["saved_id"]>().toEqualTypeOf<string>();
    expectTypeOf<Extract<Wire, { ok: false }>["error"]>().toEqualTypeOf<ToolError>();
    expectTypeOf<Wire["kind"]>().toEqualTypeOf<"note_saved">();
  });

  it("a list kind declared without a reason carries exactly its list (no index signature)", () => {
    const tags = defineContract({ kinds: { tag_list: listKind({ items: "tags", item: Note }) } });
    type Success = Extract<KindEnvelope<typeof tags, "tag_list">, { ok: true }>;
    expectTypeOf<keyof Success>().toEqualTypeOf<"contract_version" | "kind" | "ok" | "tags">();
    expectTypeOf(tags.kinds.tag_list.reason).toEqualTypeOf<undefined>();
  });
});

describe("ToolError and FieldError, written out, are what the kit's schemas read", () => {
  it("each is its schema's output, member for member", () => {
    expectTypeOf<ToolError>().toEqualTypeOf<v.InferOutput<typeof ToolErrorSchema>>();
    expectTypeOf<FieldError>().toEqualTypeOf<v.InferOutput<typeof FieldErrorSchema>>();
  });
});
