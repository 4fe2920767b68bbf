/**
 * From an HTTP `Authorization` header to how the request authenticated, and back and forth
 * between a principal and the MCP SDK's `AuthInfo` (the transport hands `AuthInfo` to tool
 * handlers; only this server ever sets it, so it can carry the verified principal).
 */
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { ServerLogger } from "../runtime/log.ts";
import type { Principal } from "./principal.ts";
import type { RequestAuth } from "./tool-access.ts";
import type { TokenVerifier } from "./token-verifier.ts";

/** How the request authenticated, plus the SDK `AuthInfo` to hand to the transport. */
export interface AuthenticatedRequest {
  /** Anonymous, refused, or verified with its principal. */
  auth: RequestAuth;
  /** For the transport (`ToolContext.auth`); only for a verified token. */
  authInfo?: AuthInfo;
}

// The scheme is case-insensitive (RFC 9110 §11.1): some clients send `bearer`.
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * No header → anonymous; a header that is not one well-formed Bearer token, or a token the
 * verifier refuses → refused (the reason is logged, never returned).
 */
export async function authenticateRequest(
  header: string | string[] | undefined,
  verifier: TokenVerifier,
  log: ServerLogger,
): Promise<AuthenticatedRequest> {
  if (header === undefined || header === "") return { auth: { state: "anonymous" } };
  const match = typeof header === "string" ? BEARER.exec(header.trim()) : null;
  if (!match?.[1]) {
    log.info("auth_refused", { reason: "not a bearer token" });
    return { auth: { state: "refused" } };
  }
  const token = match[1];
  const verified = await verifier.verify(token);
  if (!verified.ok) {
    log.info("auth_refused", { reason: verified.reason });
    return { auth: { state: "refused" } };
  }
  const { principal } = verified;
  return {
    auth: { state: "verified", principal },
    authInfo: {
      token,
      clientId: principal.clientId ?? "",
      scopes: [...principal.scopes],
      ...(verified.expiresAt !== undefined ? { expiresAt: verified.expiresAt } : {}),
      resource: new URL(verifier.audience),
      extra: { principal },
    },
  };
}

function isPrincipal(value: unknown): value is Principal {
  if (typeof value !== "object" || value === null) return false;
  const p = value as { [key: string]: unknown };
  return (
    typeof p.issuer === "string" &&
    typeof p.subject === "string" &&
    Array.isArray(p.scopes) &&
    p.scopes.every((s) => typeof s === "string")
  );
}

/** The principal `authenticateRequest` put into `AuthInfo`, if any. */
export function principalOf(authInfo: AuthInfo | undefined): Principal | undefined {
  const principal = authInfo?.extra?.principal;
  return isPrincipal(principal) ? principal : undefined;
}
