/**
 * The view model `parse` returns: one union discriminated on `state`, whose states are the
 * widget root's `data-state` values.
 */
import type * as v from "valibot";
import type { KindData, KindDefinition } from "./kinds.ts";
import type { ToolError } from "./schemas.ts";
import type { RecordState } from "./states.ts";

/** A list with at least one valid item. */
export interface ResultsView<Kind extends string, Item, Data> {
  /** The result's `kind`. */
  readonly kind: Kind;
  /** The `contract_version` the result was sent with, e.g. `"1.3"`. */
  readonly version: string;
  /** A list with items. */
  readonly state: "results";
  /** Every valid item, in order. */
  readonly items: Item[];
  /** How many malformed items were left out. */
  readonly dropped: number;
  /** The whole success data, items included. */
  readonly data: Data;
}

/** A successful list with no items: not an error, the conversation goes on. */
export interface EmptyView<Kind extends string> {
  /** The result's `kind`. */
  readonly kind: Kind;
  /** The `contract_version` the result was sent with, e.g. `"1.3"`. */
  readonly version: string;
  /** A list without items. */
  readonly state: "empty";
  /** The human reason the server gave for the empty list, if its kind declares one. */
  readonly reason?: string;
}

/** A successful record kind, in the state it declares (`confirm` or `committed`). */
export interface RecordView<State extends RecordState, Kind extends string, Data> {
  /** The result's `kind`. */
  readonly kind: Kind;
  /** The `contract_version` the result was sent with, e.g. `"1.3"`. */
  readonly version: string;
  /** The record kind's declared state. */
  readonly state: State;
  /** The record's success fields. */
  readonly data: Data;
}

/** `ok: false`: the tool reported a structured error. */
export interface ErrorView {
  /** The result's `kind`. */
  readonly kind: string;
  /** The `contract_version` the result was sent with, e.g. `"1.3"`. */
  readonly version: string;
  /** The tool failed. */
  readonly state: "error";
  /** The tool's error, checked and clipped. */
  readonly error: ToolError;
}

/** Not a result this contract understands. `reason` is for logs, never for the screen. */
export interface InvalidView {
  /** Not readable: render nothing from it. */
  readonly state: "invalid";
  /**
   * What is wrong and where, as a sentence in development (`contract_version is missing`); in
   * a production build only where (`contract_version`, `kind`, `ok`, a field path such as
   * `error.code`). Never a value from the result.
   */
  readonly reason: string;
  /** The result's `kind`, when it had a readable one. */
  readonly kind?: string;
}

/** A result from another major version of the contract: the app needs an update. */
export interface UnsupportedView {
  /** From another major version of the contract. */
  readonly state: "unsupported";
  /** The `contract_version` the result was sent with. */
  readonly version: string;
  /** The result's `kind`, when it had a readable one. */
  readonly kind?: string;
}

/** The success views of one kind `Kind` declared as `D`: a list's results or empty, or its record. */
export type KindView<Kind extends string, D> = D extends {
  readonly view: "list";
  readonly item: infer Item extends v.GenericSchema;
}
  ? ResultsView<Kind, v.InferOutput<Item>, KindData<D>> | EmptyView<Kind>
  : D extends { readonly view: "record"; readonly state: infer State extends RecordState }
    ? RecordView<
        State,
        Kind,
        [keyof KindData<D, "widgetOnly">] extends [never]
          ? KindData<D>
          : KindData<D> & Partial<KindData<D, "widgetOnly">>
      >
    : never;

/**
 * What `parse` returns for a contract with these kinds: one discriminated union on `state`.
 * With `K`, what a result of those kinds only can be (a tool's results: `toolRefs`): their own
 * views, or an error, invalid or unsupported result (a tool of kind `K` can still answer any
 * of those).
 */
export type ParsedResult<
  Kinds extends Record<string, KindDefinition>,
  K extends keyof Kinds & string = keyof Kinds & string,
> = { [P in K]: KindView<P, Kinds[P]> }[K] | ErrorView | InvalidView | UnsupportedView;

/** Any contract's kinds: what the parser reads before a contract's own kinds narrow it. */
export type KindDefinitions = Readonly<Record<string, KindDefinition>>;

/**
 * The view of any kind of any contract: the shape the parser builds, checked member by
 * member. `ParsedResult<Kinds>` narrows it per kind (the kind's own schema checked the data).
 */
export type AnyParsedResult =
  | ResultsView<string, unknown, { readonly [key: string]: unknown }>
  | EmptyView<string>
  | RecordView<RecordState, string, { readonly [key: string]: unknown }>
  | ErrorView
  | InvalidView
  | UnsupportedView;
