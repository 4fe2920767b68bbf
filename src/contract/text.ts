import { LOOPBACK_HTTP_START } from "../core/loopback.ts";

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

/**
 * An allowlist, not a parser: `https://`, a plain host name (letters, digits, dots, hyphens;
 * internationalised names must come as punycode), an optional port, then a path, query or
 * fragment without spaces or backslashes. Anything a browser could read differently
 * (user-info, `\\`, control characters, `javascript:`) fails. A regex is also several times
 * cheaper than `new URL()`, which matters on lists of thousands of items.
 */
const HTTPS_URL =
  /^https:\/\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*(?::\d{1,5})?(?:[/?#][^\s\\<>"'`\p{Cc}]*)?$/u;

/** True for an absolute `https:` URL with a plain host; `javascript:`, `data:`, `http:` are refused. */
export function isHttpsUrl(value: unknown): value is string {
  return typeof value === "string" && value.length <= 4_096 && HTTPS_URL.test(value);
}

/**
 * `isHttpsUrl`, or an `http:` URL on a loopback name (a server in local development has no
 * certificate; what the widget may load is still limited by the CSP's declared origins). A
 * loopback start becomes a plain `https://` host, so the port, path, query and fragment pass
 * the one allowlist above; any other `http:` URL stays `http:` and fails it. The length limit
 * is taken on the URL as given.
 */
export function isHttpsOrLoopbackUrl(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= 4_096 &&
    HTTPS_URL.test(value.replace(LOOPBACK_HTTP_START, "https://x"))
  );
}
