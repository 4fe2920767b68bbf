/**
 * The plain-object check every reader of untrusted JSON starts with. It lives in the
 * framework-free core so the bridge, the hooks, the build, the dev host and the server all
 * share one definition (they used to carry a copy each).
 */

/** A plain object (not an array, not null). Hostile getters are the caller's concern. */
export function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
