/**
 * Argument validation that reports every problem at once, each with a field path and a valid
 * example for this call. A model that applies every example gets a valid call.
 *
 * How examples are made: the tool supplies `repair(args)`, which returns a complete valid
 * argument object as close as it can to what was sent. Every field error takes its example
 * from that one object, so applying all the examples together yields it — and cross-field
 * rules (`budget_min > budget_max`) get consistent examples for free.
 *
 * No caller text reaches the model beyond a short plain name: everything here is read as
 * instructions. An unknown argument is named only when it is a plain identifier (and then with
 * the declared argument it most likely meant); any other key is counted; an example that would carry a string the caller sent is
 * taken instead from `repair` run on the call with every string blanked, which can only give
 * the tool's own fixed values; a schema's custom message that quotes the input is replaced by
 * the fixed template.
 */
import * as v from "valibot";
import { isRecord } from "../../core/is-record.ts";
import { callerStrings, examplesFor } from "./caller-text.ts";
import {
  fieldIssueErrors,
  ruleErrors,
  rulesAfterRepair,
  unknownFieldsError,
  wholeArrayErrors,
} from "./field-errors.ts";
import { entriesOf, groupByField, unknownKeys } from "./grouping.ts";
import { FIELD_CODES } from "../../contract/error-codes.ts";
import { type Args, type ArgumentSpec, NO_CUSTOM_MESSAGE, type ValidationOutcome } from "./spec.ts";

export {
  type ArgumentSpec,
  type PathKey,
  type RuleProblem,
  type ValidationOutcome,
} from "./spec.ts";
export { formatPath } from "./paths.ts";

/** The answer to arguments that are not an object: one root error, a whole valid call as example. */
function notAnObject(spec: ArgumentSpec<unknown>): ValidationOutcome<never> {
  return {
    ok: false,
    fieldErrors: [
      {
        field: "*",
        code: FIELD_CODES.wrongType,
        message: "The arguments must be a JSON object.",
        example: JSON.stringify(spec.repair({})),
      },
    ],
  };
}

/**
 * Validates `args` against `spec`. Never throws on any input (a megabyte string, 10,000
 * items, a wrong root type): the outcome says what is wrong, field by field.
 */
export function validateArguments<T>(spec: ArgumentSpec<T>, args: unknown): ValidationOutcome<T> {
  const loose = spec as ArgumentSpec<unknown>;
  if (!isRecord(args) && args !== undefined) return notAnObject(loose);
  const record: Args = isRecord(args) ? args : {};
  const result = v.safeParse(spec.schema, record, {
    abortEarly: false,
    message: NO_CUSTOM_MESSAGE,
  });
  const declared = Object.keys(entriesOf(loose) ?? {});
  const caller = callerStrings(record, new Set(declared));
  if (result.success) {
    const problems = spec.rules?.(result.output) ?? [];
    if (problems.length === 0) return { ok: true, value: result.output };
    return { ok: false, fieldErrors: ruleErrors(problems, examplesFor(loose, record, caller)) };
  }
  const examples = examplesFor(loose, record, caller);
  const byField = groupByField(result.issues);
  const arrays = wholeArrayErrors(byField, record, examples);
  const fieldErrors = [
    ...arrays.errors,
    ...fieldIssueErrors(byField, arrays.whole, examples, caller),
  ];
  return {
    ok: false,
    fieldErrors: [
      ...fieldErrors,
      ...unknownFieldsError(unknownKeys(loose, record, result.issues)),
      ...rulesAfterRepair(loose, record, examples, fieldErrors),
    ],
  };
}
