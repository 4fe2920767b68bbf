/**
 * Which requests may reach the server at all: the `Host` check that stops DNS rebinding, and
 * the `Origin` check for browser clients. Both are decided before anything else is read.
 */
import { isLoopbackHostHeader, isLoopbackOrigin } from "../../contract/loopback.ts";

/**
 * Whether a `Host` header value is allowed: listed, or (with no list) a loopback name on any
 * port. `"any"` accepts every host (a server not on loopback with no list configured).
 */
export function hostAllowed(
  header: string | null | undefined,
  allowed: ReadonlySet<string> | "any" | undefined,
): boolean {
  if (allowed === "any") return true;
  if (typeof header !== "string") return false;
  const host = header.toLowerCase();
  if (allowed) return allowed.has(host);
  return isLoopbackHostHeader(host);
}

/**
 * Requests without `Origin` (server-to-server, the usual MCP client) pass; a browser's origin
 * must be listed, or be a loopback origin when no list is configured.
 */
export function originAllowed(
  origin: string | undefined,
  allowed: readonly string[] | undefined,
): boolean {
  if (origin === undefined) return true;
  if (allowed) return allowed.includes(origin);
  return isLoopbackOrigin(origin);
}

/** A path whose percent-escapes do not decode (`/%E0%A4%A`) names nothing. */
export function pathDecodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}
