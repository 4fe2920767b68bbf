/**
 * Field paths: how an issue's path is named in a FieldError, and read back from a value.
 */
import { type Issue, type PathKey } from "./spec.ts";

/** `["interests", 2]` → `interests[2]`. */
export function formatPath(path: readonly PathKey[]): string {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : out ? `.${key}` : key;
  return out || "*";
}

/** The issue's path; keys of records and maps are the caller's, so they become `*`. */
export function pathOf(issue: Issue): PathKey[] {
  return (issue.path ?? []).map((item) => {
    if (typeof item.key === "number") return item.key;
    return item.type === "object" ? String(item.key) : "*";
  });
}

export function valueAt(root: unknown, path: readonly PathKey[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as { [k: string]: unknown })[key as string];
  }
  return node;
}
