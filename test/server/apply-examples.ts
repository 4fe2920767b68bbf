import type { FieldError } from "mcp-widget-kit/contract";

/**
 * What a model that follows the errors does: applies each example, drops unknown fields (all
 * but `known`, the tool's argument names).
 */
export function applyExamples(
  args: unknown,
  errors: FieldError[],
  known: readonly string[],
): { [key: string]: unknown } {
  if (errors.some((e) => e.field === "*" && e.example))
    return JSON.parse(errors.find((e) => e.field === "*" && e.example)!.example!);
  const next: { [key: string]: unknown } = structuredClone(
    (typeof args === "object" && args !== null && !Array.isArray(args) ? args : {}) as {
      [key: string]: unknown;
    },
  );
  for (const error of errors) {
    if (error.code === "UNKNOWN_FIELD") delete next[error.field];
    if (error.code === "UNKNOWN_FIELDS")
      for (const key of Object.keys(next)) if (!known.includes(key)) delete next[key];
    if (error.example === undefined) continue;
    const match = /^([a-z_]+)(?:\[(\d+)\])?$/.exec(error.field);
    if (!match) continue;
    const value = JSON.parse(error.example);
    if (match[2] === undefined) next[match[1]!] = value;
    else (next[match[1]!] as unknown[])[Number(match[2])] = value;
  }
  return next;
}
