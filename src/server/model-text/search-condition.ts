/**
 * One condition of a search, the input of `explainEmpty` (empty-reason.ts) and of the value its
 * relax hint names (relax-hint.ts): both read it from here.
 */

/** One condition of a search, as the caller sent it. Pass only the conditions that were sent. */
export interface SearchCondition<T> {
  /** The argument it comes from, as the model knows it (e.g. `interests`, `budget_max`). */
  readonly field: string;
  /** Whether a candidate meets it. */
  readonly test: (item: T) => boolean;
  /**
   * The values that exist for this argument (e.g. the catalog's interests), listed when no
   * candidate meets the condition. Written by the app, never taken from the caller.
   */
  readonly values?: readonly string[];
  /**
   * What the argument would have to be for `item` to meet it, so a hint says to what value to
   * change it ("Changing budget_max to 80 or more would give 1"): a number range
   * (a maximum price: `{ atLeast: price }`; an age: `{ atLeast: min, atMost: max }`), one of
   * some values (`{ oneOf: item.kinds }`), or a list that includes one of them
   * (`{ includes: item.tags }`). From the app's data, never from
   * what the caller sent. Without it the hint names the argument and the count only.
   */
  readonly needs?: (
    item: T,
  ) =>
    | { readonly atLeast?: number; readonly atMost?: number }
    | { readonly oneOf: readonly string[] }
    | { readonly includes: readonly string[] };
}
