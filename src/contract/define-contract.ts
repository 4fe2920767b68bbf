/**
 * `defineContract()`: an app declares its result kinds once; the kit derives the TypeScript
 * types, the forgiving runtime parser and the JSON Schema from that one declaration.
 */
import * as v from "valibot";
import { text, tolerant } from "./fields.ts";
import type { ToolError } from "./schemas.ts";
import { CONTRACT_VERSION, parseVersion, type ContractVersion } from "./version.ts";
import { parseEnvelope } from "./parse.ts";
import type { Envelope } from "./envelope.ts";
import { RECORD_STATES, type RecordState } from "./states.ts";

/** A kind whose success data is a list (`results`, or `empty` with a reason). */
export interface ListKind<
  Items extends string = string,
  Item extends v.GenericSchema = v.GenericSchema,
  Reason extends string = string,
> {
  readonly view: "list";
  /** The key of the array on the wire, e.g. `gifts`. Renaming it is a breaking change. */
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
  readonly view: "record";
  /** The state it parses to and shows as: `confirm` (a draft) or `committed` (an order). */
  readonly state: State;
  /** The success fields beside `contract_version`, `kind` and `ok`. */
  readonly entries: Entries;
}

/** Any kind a contract can declare. */
export type KindDefinition = ListKind | RecordKind;

/** Declares a list kind: `listKind({ items: "gifts", item: GiftCardSchema, reason: "no_results_reason" })`. */
export function listKind<
  const Items extends string,
  Item extends v.GenericSchema,
  const Reason extends string = never,
>(definition: { items: Items; item: Item; reason?: Reason }): ListKind<Items, Item, Reason> {
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

/** Fields every parsed view carries. */
interface ViewBase<Kind extends string> {
  readonly kind: Kind;
  /** The `contract_version` the result was sent with, e.g. `"1.3"`. */
  readonly version: string;
}

/** A list with at least one valid item. */
export interface ResultsView<Kind extends string, Item, Data> extends ViewBase<Kind> {
  readonly state: "results";
  /** Every valid item, in order. */
  readonly items: Item[];
  /** How many malformed items were left out. */
  readonly dropped: number;
  readonly data: Data;
}

/** A successful list with no items: not an error, the conversation goes on. */
export interface EmptyView<Kind extends string> extends ViewBase<Kind> {
  readonly state: "empty";
  readonly reason?: string;
}

/** A successful record kind, in the state it declares (`confirm` or `committed`). */
export interface RecordView<
  State extends RecordState,
  Kind extends string,
  Data,
> extends ViewBase<Kind> {
  readonly state: State;
  readonly data: Data;
}

/** `ok: false`: the tool reported a structured error. */
export interface ErrorView extends ViewBase<string> {
  readonly state: "error";
  readonly error: ToolError;
}

/** Not a result this contract understands. `reason` is for logs, never for the screen. */
export interface InvalidView {
  readonly state: "invalid";
  readonly reason: string;
  readonly kind?: string;
}

/** A result from another major version of the contract: the app needs an update. */
export interface UnsupportedView {
  readonly state: "unsupported";
  readonly version: string;
  readonly kind?: string;
}

type KindView<Kind extends string, D> =
  D extends ListKind<string, infer Item>
    ? ResultsView<Kind, v.InferOutput<Item>, KindData<D>> | EmptyView<Kind>
    : D extends RecordKind<infer State>
      ? RecordView<State, Kind, KindData<D>>
      : never;

/** What `parse` returns for a contract with these kinds: one discriminated union on `state`. */
export type ParsedResult<Kinds extends Record<string, KindDefinition>> =
  | { [K in keyof Kinds & string]: KindView<K, Kinds[K]> }[keyof Kinds & string]
  | ErrorView
  | InvalidView
  | UnsupportedView;

/** A declared contract: its kinds, version, parser and JSON Schema. */
export interface Contract<Kinds extends Record<string, KindDefinition>> {
  /** `"MAJOR.MINOR"` this contract speaks. */
  readonly version: string;
  readonly parsedVersion: ContractVersion;
  readonly kinds: Kinds;
  /** Reads any value as a view model. Never throws. */
  parse(input: unknown): ParsedResult<Kinds>;
}

/** The wire type of one kind's result: the type a server returns as `structuredContent`. */
export type KindEnvelope<C, K extends string> =
  C extends Contract<infer Kinds>
    ? K extends keyof Kinds
      ? Envelope<K, KindData<Kinds[K]>>
      : never
    : never;

/** Builds the valibot schema of the success fields of one kind. */
export function successEntries(definition: KindDefinition): v.ObjectEntries {
  if (definition.view === "record") return definition.entries;
  const entries: v.ObjectEntries = { [definition.items]: v.array(definition.item) };
  if (definition.reason) entries[definition.reason] = tolerant(text());
  return entries;
}

/**
 * Declares a contract. `version` defaults to the kit's current `CONTRACT_VERSION`.
 *
 * @example
 * const contract = defineContract({ kinds: { gift_suggestions: listKind({ items: "gifts", item: Gift }) } });
 * const view = contract.parse(window.openai?.toolOutput);
 */
export function defineContract<const Kinds extends Record<string, KindDefinition>>(options: {
  kinds: Kinds;
  version?: string;
}): Contract<Kinds> {
  const version = options.version ?? CONTRACT_VERSION;
  const parsedVersion = parseVersion(version);
  if (!parsedVersion)
    throw new TypeError(
      `defineContract: version must be "MAJOR.MINOR", got ${JSON.stringify(version)}`,
    );
  for (const [name, definition] of Object.entries(options.kinds)) {
    if (!/^[a-z][a-z0-9_]*$/.test(name))
      throw new TypeError(`defineContract: kind "${name}" must be snake_case`);
    // The declared state is shown as the root's data-state as it is (a JS caller has no
    // type check to stop "draft").
    if (definition.view === "record" && !RECORD_STATES.includes(definition.state))
      throw new TypeError(
        `defineContract: kind "${name}" must declare state ${RECORD_STATES.map((s) => `"${s}"`).join(" or ")}`,
      );
  }
  const kinds = options.kinds;
  // The wire schema of a whole envelope lives in envelope-schema.ts: only the JSON Schema
  // side needs it, and keeping it off this object keeps its valibot pieces (union, literal,
  // the wire ToolError) out of the widget bundle.
  return {
    version,
    parsedVersion,
    kinds,
    parse: (input) => parseEnvelope(kinds, parsedVersion, input) as unknown as ParsedResult<Kinds>,
  };
}
