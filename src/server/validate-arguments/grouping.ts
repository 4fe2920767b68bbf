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
import { formatPath, pathOf } from "./paths.ts";

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

/**
 * The unknown top-level keys (valibot's strictObject names only the first, so all are read
 * from the record). A schema that is not an object of declared entries names none: each of
 * its unknown-key issues counts as one key without a name.
 */
export function unknownKeys(
  spec: ArgumentSpec<unknown>,
  record: Args,
  issues: Issue[],
): { named: string[]; unnamed: number } {
  const entries = entriesOf(spec);
  if (entries)
    return { named: Object.keys(record).filter((key) => !Object.hasOwn(entries, key)), unnamed: 0 };
  return { named: [], unnamed: issues.filter(isUnknownKeyIssue).length };
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
