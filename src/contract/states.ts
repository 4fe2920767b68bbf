/**
 * The states, named once: what `contract.parse()` returns as a view model's `state` IS the
 * widget root's `data-state` (the DOM contract). Tests, Storybook and outside checks read
 * these values, so they are public API; renaming one is a breaking change. No valibot and no
 * framework: the widget's hooks and components read these lists too.
 *
 * The public names are the types (`DomState`, `NonRecordState`, `RecordState`); the lists
 * below are the kit's own run-time copies, each held to its type (test/contract/states.test.ts
 * checks that each list holds every member of its type, once).
 */

/** Every value the widget root's `data-state` can take, which is every view-model state. */
export type DomState =
  | "loading"
  | "results"
  | "empty"
  | "error"
  | "invalid"
  | "unsupported"
  | "confirm"
  | "committing"
  | "committed"
  | "record";

/**
 * The states of a result that is not a record: a list (`results`, `empty`), the tool's error,
 * or an answer the widget cannot read (`invalid`, `unsupported`). A stored view in one of
 * these is no draft or receipt, and `RecordsOf` leaves them out.
 */
export type NonRecordState = "results" | "empty" | "error" | "invalid" | "unsupported";

/**
 * The states a record kind can declare: a draft the person confirms (`confirm`), a write
 * that is done (`committed`), or a read-only record that is neither (`record`: a ticket, a
 * detail view). `parse` returns the declared state as it is, and the widget
 * root shows it as it is: no table maps one name to another. `defineContract` refuses any other.
 */
export type RecordState = "confirm" | "committed" | "record";

/** {@link DomState}, at run time. */
export const DOM_STATES = [
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
] as const satisfies readonly DomState[];

/** {@link NonRecordState}, at run time. */
export const NON_RECORD_STATES = [
  "results",
  "empty",
  "error",
  "invalid",
  "unsupported",
] as const satisfies readonly NonRecordState[];

/** {@link RecordState}, at run time (`defineContract` refuses any other). */
export const RECORD_STATES = [
  "confirm",
  "committed",
  "record",
] as const satisfies readonly RecordState[];
