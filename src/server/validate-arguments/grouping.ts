/**
 * Grouping the schema's issues by field: the first issue per field, and a whole-array entry
 * so a flood of bad items becomes one problem; the unknown keys themselves.
 */
import {
  type Args,
  type ArgumentSpec,
  type Issue,
  MAX_ITEM_ERRORS_PER_ARRAY,
  type PathKey,
} from "./spec.ts";
import { formatPath, pathOf, valueAt } from "./paths.ts";

export interface FieldIssue {
  path: PathKey[];
  issue: Issue;
  /** For an array's `name[]` entry: how many of its items have problems. */
  items: number;
}

/** The declared top-level fields of an object schema. */
export function entriesOf(spec: ArgumentSpec<unknown>): { [key: string]: unknown } | undefined {
  return (spec.schema as { entries?: { [key: string]: unknown } }).entries;
}

export function isUnknownKeyIssue(issue: Issue): boolean {
  return issue.type === "strict_object" && issue.expected === "never";
}

/** An unknown key the caller sent: where it is (`_meta.localee`), and what is declared there. */
export interface UnknownKey {
  /** The declared object it was sent in (`_meta`); empty at the top level. */
  readonly parent: string;
  /** The key itself (the caller's text). */
  readonly key: string;
  /** The keys declared beside it, for the one it most likely meant. */
  readonly declared: readonly string[];
}

/** The object schema inside `schema`'s optional, nullable and nullish wrappers, if any. */
function objectEntries(schema: unknown): { [key: string]: unknown } | undefined {
  let node = schema as { entries?: { [key: string]: unknown }; wrapped?: unknown } | undefined;
  for (let depth = 0; node && !node.entries && node.wrapped && depth < 4; depth++)
    node = node.wrapped as typeof node;
  return node?.entries;
}

/**
 * The unknown keys, top-level and inside declared objects (valibot's strictObject names only
 * the first of each object, so all are read from the record). A schema that is not an object
 * of declared entries names none: each of its unknown-key issues counts as one key without a
 * name.
 */
export function unknownKeys(
  spec: ArgumentSpec<unknown>,
  record: Args,
  issues: Issue[],
): { named: UnknownKey[]; unnamed: number } {
  const entries = entriesOf(spec);
  if (!entries) return { named: [], unnamed: issues.filter(isUnknownKeyIssue).length };
  const declared = Object.keys(entries);
  const named: UnknownKey[] = Object.keys(record)
    .filter((key) => !Object.hasOwn(entries, key))
    .map((key) => ({ parent: "", key, declared }));
  let unnamed = 0;
  const seen = new Set<string>();
  for (const issue of issues) {
    if (!isUnknownKeyIssue(issue)) continue;
    const path = pathOf(issue).slice(0, -1);
    if (path.length === 0) continue;
    const parent = formatPath(path);
    if (seen.has(parent)) continue;
    seen.add(parent);
    // Down the declared objects only (an array's items are reported by their own path).
    let schema: { [key: string]: unknown } | undefined = entries;
    for (const step of path)
      schema = typeof step === "string" && schema ? objectEntries(schema[step]) : undefined;
    const sent = valueAt(record, path);
    if (!schema || sent === null || typeof sent !== "object") {
      unnamed += 1;
      continue;
    }
    const inner = Object.keys(schema);
    for (const key of Object.keys(sent))
      if (!Object.hasOwn(schema, key)) named.push({ parent, key, declared: inner });
  }
  return { named, unnamed };
}

/**
 * The first issue per field, keyed by its path; item issues also count towards a `name[]`
 * entry per array, so a flood of bad items can become one entry.
 */
export function groupByField(issues: Issue[]): Map<string, FieldIssue> {
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
