/** Longest string kept for display; longer ones are shortened, never rejected. */
export const DEFAULT_MAX_TEXT = 1_000;

/**
 * Shortens `value` to at most `max` code points, ending in an ellipsis. Counting code points
 * (not UTF-16 units) keeps an emoji or CJK surrogate pair from being cut in half.
 */
export function clipText(value: string, max: number = DEFAULT_MAX_TEXT): string {
  if (value.length <= max) return value; // code units >= code points, so it fits
  // 2·max+2 code units always hold more than `max` code points when the string is longer.
  const head = Array.from(value.slice(0, 2 * max + 2));
  if (head.length <= max) return value;
  return `${head.slice(0, Math.max(0, max - 1)).join("")}…`;
}

/** True for an absolute `https:` URL with a host; `javascript:`, `data:`, `http:` are refused. */
export function isHttpsUrl(value: unknown): value is string {
  if (typeof value !== "string" || value.length > 4_096) return false;
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.length > 0 && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}
