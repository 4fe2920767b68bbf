/**
 * Argument validation that reports every problem at once, each with a field path and a valid
 * example for this call. A model that applies every example gets a valid call.
 *
 * How examples are made: the tool supplies `repair(args)`, which returns a complete valid
 * argument object as close as it can to what was sent. Every field error takes its example
 * from that one object, so applying all the examples together yields it — and cross-field
 * rules (`budget_min > budget_max`) get consistent examples for free.
 */
import * as v from "valibot";
import type { FieldError } from "../contract/index.ts";

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
  /** A complete, valid argument object as close as possible to `args` (see file comment). */
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
  unknownField: "UNKNOWN_FIELD",
  unknownFields: "UNKNOWN_FIELDS",
} as const;

/** More item problems than this in one array are reported once, for the whole array. */
const MAX_ITEM_ERRORS_PER_ARRAY = 3;
/** More unknown fields than this are reported as one `UNKNOWN_FIELDS` entry. */
const MAX_UNKNOWN_FIELDS_LISTED = 3;

type PathKey = string | number;

/** `["interests", 2]` → `interests[2]`. */
export function formatPath(path: readonly PathKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${key}` : key;
  return out || "*";
}

/** An unknown key is input: only a short, plain name may appear in a message. */
function safeName(key: string): string | undefined {
  return /^[A-Za-z0-9_.-]{1,40}$/.test(key) ? key : undefined;
}

function codeFor(issue: v.BaseIssue<unknown>, isArray: boolean): string {
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
function messageFor(code: string, field: string, issue: v.BaseIssue<unknown>): string {
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

function pathOf(issue: v.BaseIssue<unknown>): PathKey[] {
  return (issue.path ?? []).map((item) =>
    typeof item.key === "number" ? item.key : String(item.key),
  );
}

function valueAt(root: unknown, path: readonly PathKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as { [k: string]: unknown })[key as string];
  }
  return node;
}

/** The JSON text of the repaired value at `path`; `undefined` when there is none. */
function exampleAt(repaired: unknown, path: readonly PathKey[]): string | undefined {
  const value = valueAt(repaired, path);
  return value === undefined ? undefined : JSON.stringify(value);
}

function isUnknownKeyIssue(issue: v.BaseIssue<unknown>): boolean {
  return issue.type === "strict_object" && issue.expected === "never";
}

/**
 * Validates `args` against `spec`. Never throws on any input (a megabyte string, 10,000
 * items, a wrong root type): the outcome says what is wrong, field by field.
 */
export function validateArguments<T>(spec: ArgumentSpec<T>, args: unknown): ValidationOutcome<T> {
  const isRecord = typeof args === "object" && args !== null && !Array.isArray(args);
  const record = (isRecord ? args : {}) as { readonly [key: string]: unknown };
  if (!isRecord && args !== undefined) {
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
  const result = v.safeParse(spec.schema, record, { abortEarly: false });
  if (result.success) {
    const problems = spec.rules?.(result.output) ?? [];
    if (problems.length === 0) return { ok: true, value: result.output };
    const repaired = spec.repair(record);
    return {
      ok: false,
      fieldErrors: problems.map((problem) => {
        const example = exampleAt(repaired, problem.field.split("."));
        return { ...problem, ...(example !== undefined ? { example } : {}) };
      }),
    };
  }

  const repaired = spec.repair(record);
  // valibot's strictObject names only the first unknown key; list them all from the entries.
  const entries = (spec.schema as { entries?: { [key: string]: unknown } }).entries;
  const unknown: string[] = entries
    ? Object.keys(record).filter((key) => !Object.hasOwn(entries, key))
    : [];
  // Group item issues by their array so a flood of bad items becomes one entry.
  const byField = new Map<
    string,
    { path: PathKey[]; issue: v.BaseIssue<unknown>; items: number }
  >();
  for (const issue of result.issues) {
    const path = pathOf(issue);
    if (isUnknownKeyIssue(issue)) {
      if (!entries) unknown.push(String(path[path.length - 1] ?? ""));
      continue;
    }
    const itemIndex = path.findIndex((key) => typeof key === "number");
    if (itemIndex > 0) {
      const arrayPath = path.slice(0, itemIndex);
      const arrayField = formatPath(arrayPath);
      const group = byField.get(`${arrayField}[]`) ?? { path: arrayPath, issue, items: 0 };
      group.items += 1;
      byField.set(`${arrayField}[]`, group);
      if (group.items <= MAX_ITEM_ERRORS_PER_ARRAY)
        byField.set(formatPath(path), { path, issue, items: 0 });
      continue;
    }
    const field = formatPath(path);
    if (!byField.has(field)) byField.set(field, { path, issue, items: 0 });
  }

  const fieldErrors: FieldError[] = [];
  const arraysReportedWhole = new Set<string>();
  for (const [key, { path, items }] of byField) {
    if (!key.endsWith("[]")) continue;
    const arrayField = key.slice(0, -2);
    // Item by item only when the repair kept the list's shape: otherwise the item examples
    // would not add up to a valid list.
    const sent = valueAt(record, path);
    const fixed = valueAt(repaired, path);
    const sameShape = Array.isArray(sent) && Array.isArray(fixed) && sent.length === fixed.length;
    const whole = items > MAX_ITEM_ERRORS_PER_ARRAY || !sameShape;
    if (whole || byField.has(arrayField)) arraysReportedWhole.add(arrayField);
    if (whole && !byField.has(arrayField)) {
      const example = exampleAt(repaired, path);
      fieldErrors.push({
        field: arrayField,
        code: FIELD_CODES.invalid,
        message: `${items} item(s) of ${arrayField} are not valid; replace the whole list.`,
        ...(example !== undefined ? { example } : {}),
      });
    }
  }
  for (const [key, { path, issue }] of byField) {
    if (key.endsWith("[]")) continue;
    const itemIndex = path.findIndex((part) => typeof part === "number");
    if (itemIndex > 0 && arraysReportedWhole.has(formatPath(path.slice(0, itemIndex)))) continue;
    const isArray = Array.isArray(issue.input);
    const code = codeFor(issue, isArray);
    const example = exampleAt(repaired, path);
    fieldErrors.push({
      field: key,
      code,
      message: messageFor(code, key, issue),
      ...(example !== undefined ? { example } : {}),
    });
  }
  if (unknown.length > MAX_UNKNOWN_FIELDS_LISTED) {
    fieldErrors.push({
      field: "*",
      code: FIELD_CODES.unknownFields,
      message: `${unknown.length} fields are not accepted by this tool; remove every field it does not declare.`,
    });
  } else {
    for (const name of unknown) {
      const safe = safeName(name);
      fieldErrors.push({
        field: safe ?? "*",
        code: FIELD_CODES.unknownField,
        message: safe
          ? `${safe} is not accepted by this tool; remove it.`
          : "An unknown field is not accepted by this tool; remove it.",
      });
    }
  }
  // Cross-field rules see the call as it will be once the reported fields are fixed, so a
  // problem they find is reported now, not on the next try.
  if (spec.rules) {
    const reported = new Set(
      fieldErrors.map((error) => String(/^[^.[]+/.exec(error.field)?.[0] ?? "")),
    );
    const merged: { [key: string]: unknown } = {};
    for (const key of Object.keys(repaired))
      merged[key] =
        reported.has(key) || reported.has("*") || !Object.hasOwn(record, key)
          ? repaired[key]
          : record[key];
    const again = v.safeParse(spec.schema, merged, { abortEarly: true });
    if (again.success) {
      for (const problem of spec.rules(again.output)) {
        if (reported.has(problem.field)) continue;
        const example = exampleAt(repaired, problem.field.split("."));
        fieldErrors.push({ ...problem, ...(example !== undefined ? { example } : {}) });
      }
    }
  }
  return { ok: false, fieldErrors };
}
