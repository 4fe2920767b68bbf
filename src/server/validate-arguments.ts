/**
 * Argument validation that reports every problem at once, each with a field path and a valid
 * example for this call. A model that applies every example gets a valid call.
 *
 * How examples are made: the tool supplies `repair(args)`, which returns a complete valid
 * argument object as close as it can to what was sent. Every field error takes its example
 * from that one object, so applying all the examples together yields it — and cross-field
 * rules (`budget_min > budget_max`) get consistent examples for free.
 *
 * No caller text reaches the model: everything here is read as instructions. Unknown argument
 * names are counted, never named; an example that would carry a string the caller sent is
 * taken instead from `repair` run on the call with every string blanked, which can only give
 * the tool's own fixed values; a schema's custom message that quotes the input is replaced by
 * the fixed template.
 */
import * as v from "valibot";
import type { FieldError } from "../contract/index.ts";
import { isRecord } from "../contract/is-record.ts";

/** A cross-field rule's finding; its example comes from `repair` like every other. */
export interface RuleProblem {
  field: string;
  code: string;
  message: string;
}

/** How a tool's arguments are checked. */
export interface ArgumentSpec<T> {
  /** A valibot `strictObject` schema (unknown fields are errors). */
  schema: v.GenericSchema<unknown, T>;
  /**
   * A complete, valid argument object as close as possible to `args` (see file comment).
   * It may keep what the caller sent; an example that would echo a caller string is made
   * from `repair` of the call with its strings blanked instead, so the values it picks for
   * an empty string must be the tool's own.
   */
  repair(args: { readonly [key: string]: unknown }): { [key: string]: unknown };
  /** Rules across fields, run on arguments that pass the schema field by field. */
  rules?(args: T): RuleProblem[];
}

/** The outcome: the typed arguments, or every problem. */
export type ValidationOutcome<T> =
  { ok: true; value: T } | { ok: false; fieldErrors: FieldError[] };

/** Field error codes the validator emits. */
export const FIELD_CODES = {
  required: "REQUIRED",
  wrongType: "WRONG_TYPE",
  tooShort: "TOO_SHORT",
  tooLong: "TOO_LONG",
  tooFew: "TOO_FEW",
  tooMany: "TOO_MANY",
  tooSmall: "TOO_SMALL",
  tooLarge: "TOO_LARGE",
  notInteger: "NOT_INTEGER",
  badFormat: "BAD_FORMAT",
  notAllowed: "NOT_ALLOWED",
  invalid: "INVALID",
  unknownFields: "UNKNOWN_FIELDS",
} as const;

/** More item problems than this in one array are reported once, for the whole array. */
const MAX_ITEM_ERRORS_PER_ARRAY = 3;
/** A schema's own message longer than this is not a field message; the template is used. */
const MAX_CUSTOM_MESSAGE_CHARS = 200;
/** Handed to valibot as the fallback message: an issue that keeps it had no custom message. */
const NO_CUSTOM_MESSAGE = "\u0000widget-kit: no custom message";

/** One step of a field path: an object key or an array index. */
export type PathKey = string | number;
type Args = { readonly [key: string]: unknown };
type Issue = v.BaseIssue<unknown>;

// ---------------------------------------------------------------------------------------------
// Paths

/** `["interests", 2]` → `interests[2]`. */
export function formatPath(path: readonly PathKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${key}` : key;
  return out || "*";
}

/** The issue's path; keys of records and maps are the caller's, so they become `*`. */
function pathOf(issue: Issue): PathKey[] {
  return (issue.path ?? []).map((item) => {
    if (typeof item.key === "number") return item.key;
    return item.type === "object" ? String(item.key) : "*";
  });
}

function valueAt(root: unknown, path: readonly PathKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as { [k: string]: unknown })[key as string];
  }
  return node;
}

// ---------------------------------------------------------------------------------------------
// Caller text

/** At most this many caller strings are compared (a flood of them is cut, not slow). */
const MAX_CALLER_STRINGS = 2_000;

/** Every non-empty string the caller sent, object keys included (top-level `declared` ones are ours). */
function callerStrings(args: unknown, declared: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  const stack: unknown[] = [];
  if (isRecord(args)) {
    for (const [key, value] of Object.entries(args).slice(0, MAX_CALLER_STRINGS)) {
      if (!declared.has(key)) found.push(key);
      stack.push(value);
    }
  } else stack.push(args);
  while (stack.length > 0 && found.length < MAX_CALLER_STRINGS) {
    const node = stack.pop();
    if (typeof node === "string") {
      if (node) found.push(node);
    } else if (Array.isArray(node)) stack.push(...node.slice(0, MAX_CALLER_STRINGS));
    else if (isRecord(node)) {
      for (const [key, value] of Object.entries(node).slice(0, MAX_CALLER_STRINGS)) {
        found.push(key);
        stack.push(value);
      }
    }
  }
  return found;
}

/** True when `text` contains any of the caller's strings. */
function quotesCaller(text: string, caller: readonly string[]): boolean {
  return caller.some((sent) => text.includes(sent));
}

/** The call with every string blanked: what `repair` may see when its output must be fixed text. */
function withoutStrings(value: unknown): unknown {
  if (typeof value === "string") return "";
  if (Array.isArray(value)) return value.map(withoutStrings);
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, withoutStrings(item)]));
  return value;
}

/** Where every example comes from: the repaired call, or the fixed one where that would echo. */
interface Examples {
  /** The repaired call (cross-field rules read it). */
  readonly repaired: { [key: string]: unknown };
  /** JSON text of the example at `path`, never carrying caller text; `undefined` when none. */
  at(path: readonly PathKey[]): string | undefined;
}

function examplesFor(spec: ArgumentSpec<unknown>, record: Args, caller: string[]): Examples {
  const repaired = spec.repair(record);
  let fixed: { [key: string]: unknown } | undefined;
  return {
    repaired,
    at(path) {
      const value = valueAt(repaired, path);
      if (value === undefined) return undefined;
      const text = JSON.stringify(value);
      if (!callerStrings(value).some((s) => quotesCaller(s, caller))) return text;
      fixed ??= spec.repair(withoutStrings(record) as Args);
      const safe = valueAt(fixed, path);
      return safe === undefined ? undefined : JSON.stringify(safe);
    },
  };
}

function withExample<E extends { field: string }>(error: E, example: string | undefined): E {
  return example === undefined ? error : { ...error, example };
}

// ---------------------------------------------------------------------------------------------
// Codes and messages

function codeFor(issue: Issue, isArray: boolean): string {
  if (issue.input === undefined && issue.kind === "schema") return FIELD_CODES.required;
  switch (issue.type) {
    case "min_length":
      return isArray ? FIELD_CODES.tooFew : FIELD_CODES.tooShort;
    case "max_length":
      return isArray ? FIELD_CODES.tooMany : FIELD_CODES.tooLong;
    case "min_value":
      return FIELD_CODES.tooSmall;
    case "max_value":
      return FIELD_CODES.tooLarge;
    case "integer":
      return FIELD_CODES.notInteger;
    case "regex":
      return FIELD_CODES.badFormat;
    case "picklist":
      return FIELD_CODES.notAllowed;
    default:
      return issue.kind === "schema" ? FIELD_CODES.wrongType : FIELD_CODES.invalid;
  }
}

/** Fixed message templates: the only variable part is a field path from our own schema. */
function templateMessage(code: string, field: string, issue: Issue): string {
  const expected =
    typeof issue.expected === "string" && /^[\w ."'|<>=!-]{1,60}$/.test(issue.expected)
      ? issue.expected
      : undefined;
  switch (code) {
    case FIELD_CODES.required:
      return `${field} is required.`;
    case FIELD_CODES.wrongType:
      return `${field} has the wrong type${expected ? ` (expected ${expected})` : ""}.`;
    case FIELD_CODES.tooShort:
      return `${field} is too short${expected ? ` (needs ${expected} characters)` : ""}.`;
    case FIELD_CODES.tooLong:
      return `${field} is too long${expected ? ` (allowed ${expected} characters)` : ""}.`;
    case FIELD_CODES.tooFew:
      return `${field} has too few items${expected ? ` (needs ${expected})` : ""}.`;
    case FIELD_CODES.tooMany:
      return `${field} has too many items${expected ? ` (allowed ${expected})` : ""}.`;
    case FIELD_CODES.tooSmall:
      return `${field} is too small${expected ? ` (must be ${expected})` : ""}.`;
    case FIELD_CODES.tooLarge:
      return `${field} is too large${expected ? ` (must be ${expected})` : ""}.`;
    case FIELD_CODES.notInteger:
      return `${field} must be a whole number.`;
    case FIELD_CODES.badFormat:
      return `${field} has the wrong format.`;
    case FIELD_CODES.notAllowed:
      return `${field} is not one of the allowed values.`;
    default:
      return `${field} is not valid.`;
  }
}

/**
 * The schema author's own message when the schema has one (`v.regex(re, "from must be
 * YYYY-MM-DD")`) — it says more than a template can — unless it quotes the caller.
 */
function messageFor(code: string, field: string, issue: Issue, caller: string[]): string {
  const custom = issue.message;
  const usable =
    custom !== NO_CUSTOM_MESSAGE &&
    custom.length > 0 &&
    custom.length <= MAX_CUSTOM_MESSAGE_CHARS &&
    !quotesCaller(custom, caller);
  return usable ? custom : templateMessage(code, field, issue);
}

// ---------------------------------------------------------------------------------------------
// Grouping the schema's issues

interface FieldIssue {
  path: PathKey[];
  issue: Issue;
  /** For an array's `name[]` entry: how many of its items have problems. */
  items: number;
}

/** The declared top-level fields of an object schema. */
function entriesOf(spec: ArgumentSpec<unknown>): { [key: string]: unknown } | undefined {
  return (spec.schema as { entries?: { [key: string]: unknown } }).entries;
}

function isUnknownKeyIssue(issue: Issue): boolean {
  return issue.type === "strict_object" && issue.expected === "never";
}

/** The unknown top-level keys: valibot's strictObject names only the first, so count them all. */
function countUnknownKeys(spec: ArgumentSpec<unknown>, record: Args, issues: Issue[]): number {
  const entries = entriesOf(spec);
  if (entries) return Object.keys(record).filter((key) => !Object.hasOwn(entries, key)).length;
  return issues.filter(isUnknownKeyIssue).length;
}

/**
 * The first issue per field, keyed by its path; item issues also count towards a `name[]`
 * entry per array, so a flood of bad items can become one entry.
 */
function groupByField(issues: Issue[]): Map<string, FieldIssue> {
  const byField = new Map<string, FieldIssue>();
  for (const issue of issues) {
    if (isUnknownKeyIssue(issue)) continue;
    const path = pathOf(issue);
    const itemIndex = path.findIndex((key) => typeof key === "number");
    if (itemIndex > 0) {
      const arrayPath = path.slice(0, itemIndex);
      const arrayKey = `${formatPath(arrayPath)}[]`;
      const group = byField.get(arrayKey) ?? { path: arrayPath, issue, items: 0 };
      group.items += 1;
      byField.set(arrayKey, group);
      if (group.items <= MAX_ITEM_ERRORS_PER_ARRAY)
        byField.set(formatPath(path), { path, issue, items: 0 });
      continue;
    }
    const field = formatPath(path);
    if (!byField.has(field)) byField.set(field, { path, issue, items: 0 });
  }
  return byField;
}

// ---------------------------------------------------------------------------------------------
// Field errors

/**
 * Arrays reported as a whole (too many bad items, or a repair that changed the list's
 * length, so item examples would not add up), and the errors for those not already reported.
 */
function wholeArrayErrors(
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
function fieldIssueErrors(
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
function unknownFieldsError(count: number): FieldError[] {
  if (count === 0) return [];
  const message = `${count} unknown field(s); remove them.`;
  return [{ field: "*", code: FIELD_CODES.unknownFields, message }];
}

/** Cross-field rule problems, each with its example. */
function ruleErrors(problems: RuleProblem[], examples: Examples): FieldError[] {
  return problems.map((problem) => withExample(problem, examples.at(problem.field.split("."))));
}

/**
 * Cross-field rules on the call as it will be once the reported fields are fixed, so a
 * problem they find is reported now, not on the next try.
 */
function rulesAfterRepair(
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

// ---------------------------------------------------------------------------------------------
// The entry point

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
  const caller = callerStrings(record, new Set(Object.keys(entriesOf(loose) ?? {})));
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
      ...unknownFieldsError(countUnknownKeys(loose, record, result.issues)),
      ...rulesAfterRepair(loose, record, examples, fieldErrors),
    ],
  };
}
