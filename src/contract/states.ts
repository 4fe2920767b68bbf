/**
 * The states, named once: what `contract.parse()` returns as a view model's `state` IS the
 * widget root's `data-state` (the DOM contract). Tests, Storybook and outside checks read
 * these values, so they are public API; renaming one is a breaking change. No valibot and no
 * framework: the widget's hooks and components read these lists too.
 */

/** Every value the widget root's `data-state` can take, which is every view-model state. */
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
] as const;

/** One `data-state` value. */
export type DomState = (typeof DOM_STATES)[number];

/**
 * The states of a result that is not a record: a list (`results`, `empty`), the tool's error,
 * or an answer the widget cannot read (`invalid`, `unsupported`). A stored view in one of
 * these is no draft or receipt, and `RecordsOf` leaves them out.
 */
export const NON_RECORD_STATES = [
  "results",
  "empty",
  "error",
  "invalid",
  "unsupported",
] as const satisfies readonly DomState[];

/** One state of a result that is not a record. */
export type NonRecordState = (typeof NON_RECORD_STATES)[number];

/** The states a record kind can declare, at run time (`defineContract` refuses any other). */
export const RECORD_STATES = [
  "confirm",
  "committed",
  "record",
] as const satisfies readonly DomState[];

/**
 * The states a record kind can declare: a draft the person confirms (`confirm`), a write
 * that is done (`committed`), or a read-only record that is neither (`record`: a ticket, a
 * detail view). `parse` returns the declared state as it is, and the widget
 * root shows it as it is: no table maps one name to another.
 */
export type RecordState = (typeof RECORD_STATES)[number];
