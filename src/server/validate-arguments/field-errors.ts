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
import { type FieldIssue } from "./grouping.ts";

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

/** Unknown fields: counted in one entry, never named (a key is the caller's text). */
export function unknownFieldsError(count: number): FieldError[] {
  if (count === 0) return [];
  const message = `${count} unknown field(s); remove them.`;
  return [{ field: "*", code: FIELD_CODES.unknownFields, message }];
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
