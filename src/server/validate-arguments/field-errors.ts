/**
 * The FieldErrors themselves, each with its example: per field, per whole array, unknown
 * fields, and cross-field rules (run again on the repaired call when fields failed).
 */
import * as v from "valibot";
import { FIELD_CODES } from "../../contract/error-codes.ts";
import type { FieldError } from "../../contract/index.ts";
import {
  type Args,
  type ArgumentSpec,
  MAX_ITEM_ERRORS_PER_ARRAY,
  type RuleProblem,
} from "./spec.ts";
import { formatPath, valueAt } from "./paths.ts";
import { type Examples, withExample } from "./caller-text.ts";
import { codeFor, messageFor } from "./messages.ts";
import { type FieldIssue, type UnknownKey } from "./grouping.ts";

/**
 * Arrays reported as a whole (too many bad items, or a repair that changed the list's
 * length, so item examples would not add up), and the errors for those not already reported.
 */
export function wholeArrayErrors(
  byField: Map<string, FieldIssue>,
  record: Args,
  examples: Examples,
): { errors: FieldError[]; whole: Set<string> } {
  const errors: FieldError[] = [];
  const whole = new Set<string>();
  for (const [key, { path, items }] of byField) {
    if (!key.endsWith("[]")) continue;
    const arrayField = key.slice(0, -2);
    const sent = valueAt(record, path);
    const fixed = valueAt(examples.repaired, path);
    const sameShape = Array.isArray(sent) && Array.isArray(fixed) && sent.length === fixed.length;
    const asWhole = items > MAX_ITEM_ERRORS_PER_ARRAY || !sameShape;
    if (asWhole || byField.has(arrayField)) whole.add(arrayField);
    if (asWhole && !byField.has(arrayField)) {
      const error = {
        field: arrayField,
        code: FIELD_CODES.invalid,
        message: `${items} item(s) of ${arrayField} are not valid; replace the whole list.`,
      };
      errors.push(withExample(error, examples.at(path)));
    }
  }
  return { errors, whole };
}

/** One error per field (items of a whole-reported array left out). */
export function fieldIssueErrors(
  byField: Map<string, FieldIssue>,
  wholeArrays: Set<string>,
  examples: Examples,
  caller: string[],
): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, { path, issue }] of byField) {
    if (key.endsWith("[]")) continue;
    const itemIndex = path.findIndex((part) => typeof part === "number");
    if (itemIndex > 0 && wholeArrays.has(formatPath(path.slice(0, itemIndex)))) continue;
    const code = codeFor(issue, Array.isArray(issue.input));
    const error = { field: key, code, message: messageFor(code, key, issue, caller) };
    errors.push(withExample(error, examples.at(path)));
  }
  return errors;
}

/** How many unknown arguments are named one by one; past it they are one counted entry. */
export const MAX_NAMED_UNKNOWN = 3;

/**
 * A key the caller sent that may be named back: shaped like an argument name (lower-case
 * first, after at most one `_` as in `_meta`; letters, digits and `_`, at most 32). The key is
 * the caller's own text, returned to the same caller in a data slot and a fixed sentence;
 * anything else (a sentence, a shouted `IGNORE_…`, markup, a megabyte) is only counted, never
 * echoed.
 */
const PLAIN_NAME = /^_?[a-z][a-zA-Z0-9_]{0,31}$/;

/** `budgetMax`, `Budget-Max`, `budget_max` → `budgetmax`: the spellings a model mixes up. */
function folded(name: string): string {
  return name.toLowerCase().replaceAll(/[_-]/g, "");
}

/** Edit distance, bounded by the short names compared here (≤ 32 characters). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        row[j]! + 1,
        next[j - 1]! + 1,
        row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    row = next;
  }
  return row[b.length]!;
}

/** The declared argument an unknown name most likely meant, if one is close enough. */
function meant(name: string, declared: readonly string[]): string | undefined {
  const key = folded(name);
  let best: string | undefined;
  let bestDistance = key.length < 5 ? 1 : 2;
  for (const candidate of declared) {
    const d = distance(key, folded(candidate));
    if (d === 0) return candidate;
    if (d <= bestDistance) [best, bestDistance] = [candidate, d - 1];
  }
  return best;
}

/**
 * Unknown arguments, top-level or inside a declared object (`_meta.localee`): each plain name
 * its own entry under its path (with the declared key it most likely meant), so one retry
 * fixes them; names that are not plain, or a flood of keys, become one counted entry under
 * `*`.
 */
export function unknownFieldsError(keys: {
  named: readonly UnknownKey[];
  unnamed: number;
}): FieldError[] {
  const total = keys.named.length + keys.unnamed;
  if (total === 0) return [];
  const plain =
    total <= MAX_NAMED_UNKNOWN ? keys.named.filter(({ key }) => PLAIN_NAME.test(key)) : [];
  const errors: FieldError[] = plain.map(({ parent, key, declared }) => {
    const at = (name: string) => (parent ? `${parent}.${name}` : name);
    const field = at(key);
    const instead = meant(key, declared);
    const where = parent ? `a field of ${parent}` : "an argument of this tool";
    const message = instead
      ? `${field} is not ${where}; use ${at(instead)} instead.`
      : `${field} is not ${where}; remove it.`;
    return { field, code: FIELD_CODES.unknownFields, message };
  });
  const rest = total - plain.length;
  if (rest > 0)
    errors.push({
      field: "*",
      code: FIELD_CODES.unknownFields,
      message: `${rest} ${plain.length > 0 ? "other " : ""}unknown argument(s); remove them.`,
    });
  return errors;
}

/** Cross-field rule problems, each with its example. */
export function ruleErrors(problems: RuleProblem[], examples: Examples): FieldError[] {
  return problems.map((problem) => withExample(problem, examples.at(problem.field.split("."))));
}

/**
 * Cross-field rules on the call as it will be once the reported fields are fixed, so a
 * problem they find is reported now, not on the next try.
 */
export function rulesAfterRepair(
  spec: ArgumentSpec<unknown>,
  record: Args,
  examples: Examples,
  reportedErrors: FieldError[],
): FieldError[] {
  if (!spec.rules) return [];
  const reported = new Set(
    reportedErrors.map((error) => String(/^[^.[]+/.exec(error.field)?.[0] ?? "")),
  );
  const merged: { [key: string]: unknown } = {};
  for (const [key, fixed] of Object.entries(examples.repaired))
    merged[key] =
      reported.has(key) || reported.has("*") || !Object.hasOwn(record, key) ? fixed : record[key];
  const again = v.safeParse(spec.schema, merged, { abortEarly: true });
  if (!again.success) return [];
  const fresh = spec.rules(again.output).filter((problem) => !reported.has(problem.field));
  return ruleErrors(fresh, examples);
}
