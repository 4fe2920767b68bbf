/**
 * Who is calling, as far as the server can prove it: the subject of a verified access token,
 * named together with its issuer (a `sub` is only unique within one issuer). Nothing a client
 * can set — `_meta["openai/subject"]`, a header, a session id — ever becomes a principal.
 */
import { createHash } from "node:crypto";

/** A verified caller. */
export interface Principal {
  /** The token's `iss`. */
  readonly issuer: string;
  /** The token's `sub`. */
  readonly subject: string;
  /** The scopes the token grants. */
  readonly scopes: readonly string[];
  /** The OAuth client the token was issued to (for logs; never an identity). */
  readonly clientId?: string | undefined;
}

/**
 * The stable scope that idempotency keys, orders, drafts and limits of one person live under:
 * `user:` + a hash of issuer and subject (fixed length, no raw claim text in keys or logs).
 */
export function principalScope(principal: Pick<Principal, "issuer" | "subject">): string {
  const digest = createHash("sha256")
    .update(`${principal.issuer}\n${principal.subject}`)
    .digest("base64url");
  return `user:${digest.slice(0, 32)}`;
}

/** True when `principal` holds every scope in `required`. */
export function hasScopes(principal: Principal, required: readonly string[]): boolean {
  return required.every((scope) => principal.scopes.includes(scope));
}
