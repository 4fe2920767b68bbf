/**
 * What an app declares per result kind: a list (`listKind`) or one record (`recordKind`), and
 * the wire data each carries. The parser, the JSON Schema and the view types all read these.
 */
import * as v from "valibot";
import { text, tolerant } from "./fields.ts";
import type { RecordState } from "./states.ts";

/** A kind whose success data is a list (`results`, or `empty` with a reason). */
export interface ListKind<
  Items extends string = string,
  Item extends v.GenericSchema = v.GenericSchema,
  Reason extends string = string,
> {
  /** Tells the two kinds apart: `list`. */
  readonly view: "list";
  /** The key of the array on the wire, e.g. `flights`. Renaming it is a breaking change. */
  readonly items: Items;
  /** The schema of one item. A malformed item is dropped and counted, not fatal. */
  readonly item: Item;
  /** The key of the human reason given with an empty list, e.g. `no_results_reason`. */
  readonly reason: Reason | undefined;
}

/**
 * A kind whose success data is one record, parsed to the view-model state `state` — which is
 * also the widget root's `data-state`, the same name on both sides.
 */
export interface RecordKind<
  State extends RecordState = RecordState,
  Entries extends v.ObjectEntries = v.ObjectEntries,
> {
  /** Tells the two kinds apart: `record`. */
  readonly view: "record";
  /** The state it parses to and shows as: `confirm` (a draft) or `committed` (an order). */
  readonly state: State;
  /** The success fields beside `contract_version`, `kind` and `ok`. */
  readonly entries: Entries;
}

/** Any kind a contract can declare. */
export type KindDefinition = ListKind | RecordKind;

/** Declares a list kind: `listKind({ items: "flights", item: FlightSchema, reason: "no_results_reason" })`. */
export function listKind<
  const Items extends string,
  Item extends v.GenericSchema,
  const Reason extends string = never,
>(definition: {
  items: Items;
  item: Item;
  reason?: Reason;
  // NoInfer: inside `defineContract({ kinds })` the expected `KindDefinition` would otherwise
  // infer `Reason = string` for a kind without a reason — an index signature in its data type.
}): ListKind<Items, Item, NoInfer<Reason>> {
  return {
    view: "list",
    items: definition.items,
    item: definition.item,
    reason: definition.reason,
  };
}

/** Declares a record kind: `recordKind({ state: "confirm", entries: { draft: DraftSchema } })`. */
export function recordKind<
  const State extends RecordState,
  Entries extends v.ObjectEntries,
>(definition: { state: State; entries: Entries }): RecordKind<State, Entries> {
  return { view: "record", state: definition.state, entries: definition.entries };
}

/** The success data a kind carries on the wire (beside the envelope fields). */
export type KindData<D> =
  D extends ListKind<infer Items, infer Item, infer Reason>
    ? { [K in Items]: v.InferOutput<Item>[] } & { [K in Reason]?: string }
    : D extends RecordKind<RecordState, infer Entries>
      ? v.InferOutput<v.ObjectSchema<Entries, undefined>>
      : never;

/** Builds the valibot schema of the success fields of one kind. */
export function successEntries(definition: KindDefinition): v.ObjectEntries {
  if (definition.view === "record") return definition.entries;
  const entries: v.ObjectEntries = { [definition.items]: v.array(definition.item) };
  if (definition.reason) entries[definition.reason] = tolerant(text());
  return entries;
}
