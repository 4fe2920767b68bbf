/**
 * Which requests may reach the server at all: the `Host` check that stops DNS rebinding, and
 * the `Origin` check for browser clients. Both are decided before anything else is read.
 *
 * Not the SDK's `validateHostHeader` / `validateOriginHeader` (`@modelcontextprotocol/server`
 * 2.4.0): they compare only the host name `new URL()` reads out of the value, so they drop
 * the port (an `allowedHosts` entry `name:port` would never match, and the loopback default
 * `127.0.0.1:<port>` would take any port), the origin's scheme (`http://chat.example` passes
 * for `https://chat.example`), and take what is no plain `host[:port]` once normalised:
 * `127.1`, `2130706433`, `0x7f.0.0.1`, `evil@localhost`, `localhost/x`. The kit compares the
 * value as sent; `test/server/request-checks.test.ts` holds those cases.
 */
import { isLoopbackHostHeader, isLoopbackOrigin } from "../../core/loopback.ts";

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

/**
 * What is wrong with a request's `Host` header before anything else is looked at, or
 * `undefined` — the same answer whichever runtime parsed the request: an empty `Host`, two of
 * them (Bun and Deno join them with a comma; `serveHttp` passes both on), none at all where
 * `required` (a request off a socket; an in-process `Request` names its host in its URL).
 */
export function hostProblem(request: Request, required: boolean): string | undefined {
  const header = request.headers.get("host");
  if (header === null) return required ? "the Host header is missing" : undefined;
  if (header === "" || header.includes(",")) return "one non-empty Host header is required";
  return undefined;
}

/** The request's header block in bytes, near enough: names, values and separators. */
export function headerBytes(headers: Headers): number {
  let size = 0;
  headers.forEach((value, name) => {
    size += name.length + value.length + 4;
  });
  return size;
}
