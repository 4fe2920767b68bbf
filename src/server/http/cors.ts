/**
 * CORS for the MCP endpoint, for origins that passed the Origin check only (anything else was
 * refused with 403 before this runs): a browser-based client on an allowed origin can send
 * the preflight, the MCP headers and a bearer token, and read the headers it needs back.
 */

/** Request headers a Streamable HTTP client sends (both protocol revisions). */
const ALLOWED_REQUEST_HEADERS = new Set([
  "accept",
  "authorization",
  "content-type",
  "last-event-id",
  "mcp-method",
  "mcp-name",
  "mcp-protocol-version",
  "mcp-session-id",
]);
/** 2026-07-28 mirrors tool parameters into `Mcp-Param-<name>` headers. */
const PARAM_HEADER = /^mcp-param-[\w-]{1,64}$/;

/** Response headers a browser client must read: session (2025-11-25), revision, auth challenge. */
const EXPOSED_HEADERS = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate";

function requestedHeaders(request: Request): string[] {
  const header = request.headers.get("access-control-request-headers");
  if (header === null) return [];
  return header
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => ALLOWED_REQUEST_HEADERS.has(name) || PARAM_HEADER.test(name));
}

/** `response` with the CORS headers every answer to an allowed browser origin carries. */
export function allowOrigin(response: Response, origin: string): Response {
  const headers = new Headers(response.headers);
  headers.set("Access-Control-Allow-Origin", origin);
  headers.append("Vary", "Origin");
  headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
  // A new Response: one from the SDK (or fetch) may have immutable headers.
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The answer to a preflight `OPTIONS` from an allowed origin: 204 with what may be sent. */
export function answerPreflight(request: Request, origin: string): Response {
  const headers = requestedHeaders(request);
  const preflight = new Response(null, {
    status: 204,
    headers: {
      "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
      ...(headers.length > 0 ? { "Access-Control-Allow-Headers": headers.join(", ") } : {}),
      "Access-Control-Max-Age": "600",
    },
  });
  return allowOrigin(preflight, origin);
}
