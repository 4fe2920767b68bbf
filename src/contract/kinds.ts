/**
 * What an app declares per result kind: a list (`listKind`) or one record (`recordKind`), and
 * the wire data each carries. The parser, the JSON Schema and the view types all read these.
 */
import * as v from "valibot";
import { text, tolerant } from "./fields.ts";
import type { RecordState } from "./states.ts";

/**
 * Any kind a contract can declare: a list (`listKind`: `results`, or `empty` with a reason)
 * or one record (`recordKind`), parsed to the view-model state it declares.
 */
export type KindDefinition =
  | {
      /** Tells the two kinds apart: `list`. */
      readonly view: "list";
      /** The key of the array on the wire, e.g. `flights`. Renaming it is a breaking change. */
      readonly items: string;
      /** The schema of one item. A malformed item is dropped and counted, not fatal. */
      readonly item: v.GenericSchema;
      /** The key of the human reason given with an empty list, e.g. `no_results_reason`. */
      readonly reason: string | undefined;
    }
  | {
      /** Tells the two kinds apart: `record`. */
      readonly view: "record";
      /**
       * The state it parses to and shows as — also the widget root's `data-state`, the same
       * name on both sides: `confirm` (a draft), `committed` (a done write) or `record`.
       */
      readonly state: RecordState;
      /** The success fields beside `contract_version`, `kind` and `ok`. */
      readonly entries: v.ObjectEntries;
      /**
       * Fields for the widget only, never in `structuredContent` (which the model reads):
       * they travel in the result's `_meta` (`WIDGET_ONLY_META`), each optional in the view.
       */
      readonly widgetOnly?: v.ObjectEntries;
    };

/** The kit's names for the two members of {@link KindDefinition} (the parser reads each). */
export type ListKind = Extract<KindDefinition, { readonly view: "list" }>;
/** See {@link ListKind}. */
export type RecordKind = Extract<KindDefinition, { readonly view: "record" }>;

/**
 * Declares a list kind: `listKind({ items: "flights", item: FlightSchema, reason: "no_results_reason" })`.
 * Its type keeps the declared key names and item schema, so the view and wire types follow.
 */
export function listKind<
  const Items extends string,
  Item extends v.GenericSchema,
  const Reason extends string = never,
>(definition: {
  items: Items;
  item: Item;
  reason?: Reason;
}): {
  /** Tells the two kinds apart: `list`. */
  readonly view: "list";
  /** The key of the array on the wire, as declared. */
  readonly items: Items;
  /** The schema of one item, as declared. */
  readonly item: Item;
  /** The key of the reason given with an empty list, as declared (`undefined`: none). */
  // NoInfer: inside `defineContract({ kinds })` the expected `KindDefinition` would otherwise
  // infer `Reason = string` for a kind without a reason — an index signature in its data type.
  readonly reason: NoInfer<Reason> | undefined;
} {
  return { view: "list", reason: undefined, ...definition };
}

/**
 * Declares a record kind: `recordKind({ state: "confirm", entries: { draft: DraftSchema } })`.
 * Its type keeps the declared state and entries, so the view and wire types follow.
 */
export function recordKind<
  const State extends RecordState,
  Entries extends v.ObjectEntries,
  WidgetOnly extends v.ObjectEntries = Record<never, never>,
>(definition: {
  state: State;
  entries: Entries;
  /**
   * Fields the widget needs and the model must not read (a person's saved cards): the server
   * returns them as `widgetOnly`, which the kit puts in the result's `_meta`, never in
   * `structuredContent`. A host that drops `_meta` leaves them out of the view.
   */
  widgetOnly?: WidgetOnly;
}): {
  /** Tells the two kinds apart: `record`. */
  readonly view: "record";
  /** The state it parses to and shows as, as declared. */
  readonly state: State;
  /** The success fields, as declared. */
  readonly entries: Entries;
  /** The widget-only fields, as declared (NoInfer: see `listKind`'s `reason`). */
  readonly widgetOnly?: NoInfer<WidgetOnly>;
} {
  return { view: "record", ...definition };
}

/** The `_meta` key of a result's widget-only fields (`recordKind`'s `widgetOnly`). */
export const WIDGET_ONLY_META = "mcp-widget-kit/widget-only";

/**
 * The success data a kind carries on the wire (beside the envelope fields); with `"widgetOnly"`,
 * a record's widget-only fields as the server returns them in `_meta` (`{}` for none).
 */
export type KindData<
  D,
  Part extends "entries" | "widgetOnly" = "entries",
> = Part extends "widgetOnly"
  ? D extends { readonly view: "record"; readonly widgetOnly?: infer W extends v.ObjectEntries }
    ? [keyof W] extends [never]
      ? Record<never, never>
      : v.InferOutput<v.ObjectSchema<W, undefined>>
    : Record<never, never>
  : D extends {
        readonly view: "list";
        readonly items: infer Items extends string;
        readonly item: infer Item extends v.GenericSchema;
        readonly reason: infer Reason extends string | undefined;
      }
    ? { [K in Items]: v.InferOutput<Item>[] } & { [K in NonNullable<Reason>]?: string }
    : D extends { readonly view: "record"; readonly entries: infer Entries extends v.ObjectEntries }
      ? v.InferOutput<v.ObjectSchema<Entries, undefined>>
      : never;

/** Builds the valibot schema of the success fields of one kind. */
export function successEntries(definition: KindDefinition): v.ObjectEntries {
  if (definition.view === "record") return definition.entries;
  const entries: v.ObjectEntries = { [definition.items]: v.array(definition.item) };
  if (definition.reason) entries[definition.reason] = tolerant(text());
  return entries;
}
