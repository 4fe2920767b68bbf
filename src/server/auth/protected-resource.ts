/**
 * The resource server's public face (RFC 9728): the protected-resource metadata document that
 * tells a client which authorization server issues tokens for this MCP endpoint, and the
 * `WWW-Authenticate: Bearer` challenges (RFC 6750) that point at it.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { toRequest, writeResponse } from "../http/node-adapter.ts";

/** Options of `createProtectedResource`. */
export interface ProtectedResourceOptions {
  /** The canonical URI of the MCP endpoint, e.g. `https://mcp.example.com/mcp` (the token audience). */
  resource: string;
  /** Issuers whose tokens this server accepts (usually one). */
  authorizationServers: readonly string[];
  /** Every scope a tool of this server may ask for. */
  scopesSupported: readonly string[];
  /** A human-readable name for consent screens. */
  resourceName?: string;
  /** A page that documents the server for developers. */
  resourceDocumentation?: string;
}

/** What `challenge` can add to the header. */
export interface ChallengeOptions {
  /**
   * `invalid_token` (a token was sent and refused), `insufficient_scope` (step-up), or
   * `invalid_request` (no token: only in a tool result's challenge, which the Apps SDK wants
   * with an `error`; RFC 6750 §3.1 leaves it out of the HTTP header).
   */
  error?: "invalid_token" | "insufficient_scope" | "invalid_request";
  /** A human-readable `error_description` (the Apps SDK asks for one in a tool result's challenge). */
  description?: string;
  /** The scopes the call needs. */
  scopes?: readonly string[];
}

/** The protected-resource metadata and the challenges that refer to it. */
export interface ProtectedResource {
  /** The canonical resource URI. */
  readonly resource: string;
  /** Where the metadata is served: `<origin>/.well-known/oauth-protected-resource<path>`. */
  readonly metadataUrl: string;
  /** The RFC 9728 document. */
  metadata(): { [key: string]: unknown };
  /** A `WWW-Authenticate` value: `Bearer resource_metadata="…"` plus error and scope. */
  challenge(options?: ChallengeOptions): string;
  /**
   * The answer to a request on the metadata paths (both the path-suffixed RFC 9728 form and
   * the bare one older clients try), `undefined` for any other path: `createFetchHandler`'s
   * `routes`.
   */
  respond(request: Request): Response | undefined;
  /** {@link ProtectedResource.respond} on `node:http`: `serveHttp`'s `otherRoutes`. */
  route(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
}

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/** `"` and `\` escaped for an RFC 7230 quoted-string; control characters dropped. */
function quoted(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/[\x00-\x1f\x7f]/g, "").replace(/["\\]/g, "\\$&")}"`;
}

/** Describes one protected MCP endpoint. */
export function createProtectedResource(options: ProtectedResourceOptions): ProtectedResource {
  const url = new URL(options.resource);
  if (url.hash || url.search)
    throw new TypeError("resource must be a canonical URI without query or fragment");
  const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
  const metadataUrl = `${url.origin}${WELL_KNOWN}${path}`;
  const document = {
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    scopes_supported: [...options.scopesSupported],
    bearer_methods_supported: ["header"],
    ...(options.resourceName ? { resource_name: options.resourceName } : {}),
    ...(options.resourceDocumentation
      ? { resource_documentation: options.resourceDocumentation }
      : {}),
  };
  const body = JSON.stringify(document);
  const paths = new Set([`${WELL_KNOWN}${path}`, WELL_KNOWN]);
  // Public metadata: any origin may read it (browser clients discover from their own page).
  const cors = {
    "access-control-allow-origin": "*",
    "access-control-allow-methods": "GET, OPTIONS",
    "access-control-allow-headers": "mcp-protocol-version",
  };
  function respond(request: Request): Response | undefined {
    if (!paths.has(new URL(request.url).pathname)) return undefined;
    if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: cors });
    if (request.method !== "GET" && request.method !== "HEAD")
      return new Response(null, { status: 405, headers: { ...cors, allow: "GET, HEAD, OPTIONS" } });
    const headers = {
      ...cors,
      "content-type": "application/json",
      "cache-control": "public, max-age=300",
    };
    return new Response(request.method === "HEAD" ? null : body, { status: 200, headers });
  }
  return {
    resource: options.resource,
    metadataUrl,
    metadata: () => structuredClone(document),
    challenge(challenge = {}) {
      const parts = [`resource_metadata=${quoted(metadataUrl)}`];
      if (challenge.error) parts.push(`error=${quoted(challenge.error)}`);
      if (challenge.description) parts.push(`error_description=${quoted(challenge.description)}`);
      if (challenge.scopes && challenge.scopes.length > 0)
        parts.push(`scope=${quoted(challenge.scopes.join(" "))}`);
      return `Bearer ${parts.join(", ")}`;
    },
    respond,
    async route(req, res) {
      const gone = new AbortController();
      const response = respond(toRequest(req, gone.signal));
      if (!response) return false;
      await writeResponse(req, res, response, gone.signal);
      return true;
    },
  };
}
