/**
 * Caller text: no string the caller sent reaches the model through an example or a message.
 * An example that would carry one is taken from `repair` of the call with every string blanked.
 */
import { isRecord } from "../../core/is-record.ts";
import { type Args, type ArgumentSpec, type PathKey } from "./spec.ts";
import { valueAt } from "./paths.ts";

/** At most this many caller strings are compared (a flood of them is cut, not slow). */
export const MAX_CALLER_STRINGS = 2_000;

/** Every non-empty string the caller sent, object keys included (top-level `declared` ones are ours). */
export function callerStrings(args: unknown, declared: ReadonlySet<string> = new Set()): string[] {
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
export function quotesCaller(text: string, caller: readonly string[]): boolean {
  return caller.some((sent) => text.includes(sent));
}

/** The call with every string blanked: what `repair` may see when its output must be fixed text. */
export function withoutStrings(value: unknown): unknown {
  if (typeof value === "string") return "";
  if (Array.isArray(value)) return value.map(withoutStrings);
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, withoutStrings(item)]));
  return value;
}

/** Where every example comes from: the repaired call, or the fixed one where that would echo. */
export interface Examples {
  /** The repaired call (cross-field rules read it). */
  readonly repaired: { [key: string]: unknown };
  /** JSON text of the example at `path`, never carrying caller text; `undefined` when none. */
  at(path: readonly PathKey[]): string | undefined;
}

export function examplesFor(spec: ArgumentSpec<unknown>, record: Args, caller: string[]): Examples {
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

export function withExample<E extends { field: string }>(error: E, example: string | undefined): E {
  return example === undefined ? error : { ...error, example };
}
