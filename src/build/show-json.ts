/**
 * How the contract check writes a schema value into a message: as JSON, so `"1.0"`, `1` and
 * `["a"]` read differently, and `undefined` (a keyword that is absent) reads as itself.
 */

/** `value` as JSON for a message; `"undefined"` where JSON has no text for it. */
export function showJson(value: unknown): string {
  return JSON.stringify(value) ?? "undefined";
}
