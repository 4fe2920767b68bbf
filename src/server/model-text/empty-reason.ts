/**
 * `explainEmpty`: the reason an empty list gives, computed from the search's own conditions.
 *
 * "Nothing matches these interests, budget, age and relationship" makes a model guess which
 * one to change (four calls where one would do) and names conditions the caller never sent.
 * The kit instead tests each condition the caller did send against the candidates, once, and
 * says which of them emptied the list: one no candidate meets at all (with the values that do
 * exist, when the app can list them), or, when only their combination does, which one relaxed
 * alone would give matches, and to what value (relax-hint.ts). The sentence names argument names and app-given values only — never
 * what the caller sent — so it is safe to show the person and to give the model.
 */
import { clipText } from "../../contract/text.ts";
import { relaxHint } from "./relax-hint.ts";
import type { SearchCondition } from "./search-condition.ts";

/** How many of a condition's values are listed before "and N more". */
const MAX_VALUES = 12;
const MAX_REASON = 600;

const listed = (values: readonly string[]): string =>
  values.length <= MAX_VALUES
    ? values.join(", ")
    : `${values.slice(0, MAX_VALUES).join(", ")} and ${values.length - MAX_VALUES} more`;

const fieldList = (fields: readonly string[]): string =>
  fields.length === 1
    ? fields[0]!
    : `${fields.slice(0, -1).join(", ")} and ${fields[fields.length - 1]}`;

/**
 * Explains an empty result (its `reason` sentence, the `unmet` conditions, the `relaxable` ones): which of the caller's `conditions` emptied `candidates` (every
 * item the search could have returned before the conditions, e.g. the catalog without
 * items withdrawn from sale). One pass over the candidates; `noun` names one of them in the sentence.
 *
 * @example
 * const { reason } = explainEmpty(catalog, [
 *   { field: "genre", test: (book) => book.genre === args.genre, values: GENRES },
 *   { field: "max_price", test: (book) => book.price <= args.max_price,
 *     needs: (book) => ({ atLeast: book.price }) },
 * ], "book");
 * return { ok: true, data: { books: [], no_results_reason: reason }, text: reason };
 */
export function explainEmpty<T>(
  candidates: Iterable<T>,
  conditions: ReadonlyArray<SearchCondition<T>>,
  noun = "item",
): {
  /** The sentence for the empty list's reason (≤ 600 characters). */
  readonly reason: string;
  /** The conditions no candidate meets on its own. */
  readonly unmet: readonly string[];
  /** When none is unmet: each condition that, relaxed alone, leaves matches, with how many. */
  readonly relaxable: ReadonlyArray<{ readonly field: string; readonly matches: number }>;
} {
  const alone = conditions.map(() => 0);
  const without = conditions.map(() => 0);
  // What each item failing only one condition would need of it, for the hint's value.
  const needs = conditions.map((): Parameters<typeof relaxHint>[0][number][] => []);
  for (const item of candidates) {
    let failed = -1;
    let failures = 0;
    conditions.forEach((condition, index) => {
      if (condition.test(item)) alone[index]! += 1;
      else {
        failures += 1;
        failed = index;
      }
    });
    // An item that fails exactly one condition would match were that one relaxed.
    if (failures === 1) {
      without[failed]! += 1;
      const need = conditions[failed]!.needs;
      if (need) needs[failed]!.push(need(item));
    }
  }
  const fields = conditions.map((condition) => condition.field);
  const unmet = conditions.filter((_, index) => alone[index] === 0);
  const relaxed = conditions
    .map((condition, index) => ({
      field: condition.field,
      matches: without[index]!,
      hint: relaxHint(needs[index]!),
    }))
    .filter((entry) => entry.matches > 0);
  const relaxable = relaxed.map(({ field, matches }) => ({ field, matches }));

  let reason: string;
  if (conditions.length === 0) reason = `There is no ${noun} to show.`;
  else if (unmet.length > 0)
    reason = unmet
      .map(
        (condition) =>
          `No ${noun} meets ${condition.field}.` +
          (condition.values && condition.values.length > 0
            ? ` Known values of ${condition.field}: ${listed(condition.values)}.`
            : ""),
      )
      .join(" ");
  else if (relaxable.length > 0)
    reason =
      `No ${noun} meets ${fieldList(fields)} together. ` +
      relaxed
        .map(({ field, matches, hint }) =>
          hint ? `Changing ${field} ${hint}.` : `Changing ${field} alone would give ${matches}.`,
        )
        .join(" ");
  else
    reason = `No ${noun} meets ${fieldList(fields)} together, and changing any one of them alone is not enough.`;
  return {
    reason: clipText(reason, MAX_REASON),
    unmet: unmet.map((condition) => condition.field),
    relaxable,
  };
}
