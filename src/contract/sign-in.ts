/**
 * When a call failed because the person must sign in. Two signals reach the widget: the
 * server's ToolError (`AUTH_REQUIRED`, `AUTH_INVALID`, `INSUFFICIENT_SCOPE`), or — where the
 * host's MCP client dropped that result — the host's own error, whose text carries the
 * server's HTTP 401/403 challenge. Either way the answer is the same: sign in, then the same
 * call again (same idempotency key), which is also how a host's own sign-in is started.
 */
import { AUTH_REQUIRED } from "./error-codes.ts";
import type { ToolError } from "./schemas.ts";

// One pattern for both signals: the kit's codes (`AUTH_…`), RFC 6750's error codes, the
// MCP-spec server's status and header, as a code or inside a host's error text — and the
// OAuth flow a host's client ran failing (a refused client registration, SDK v1's
// `InvalidClientMetadataError`, `invalid_grant`), which sign-in is also the way out of. Word
// boundaries keep AUTHOR_NOT_FOUND and "4013 ms" out.
const SIGN_IN =
  /\b(?:40[13]\b|auth_|www-authenticate|invalid_token|insufficient_scope|unauthori[sz]ed|unauthenticated|oauth|client.?registration|invalid_?(?:client|grant))/i;

/** True for a ToolError that a sign-in (then the same call again) resolves. */
export function needsSignIn(error: ToolError): boolean {
  return SIGN_IN.test(String(error.code));
}

/** The ToolError for a call refused for want of sign-in: nothing ran, so nothing changed. */
export function signInRequired(): ToolError {
  return { code: AUTH_REQUIRED, message: "", retryable: true, changes: "none" };
}

/**
 * True when a host's failed call (a rejection, or MCPJam's `{ isError, error }`) carries the
 * server's challenge or a failed sign-in. It reads the whole error — an Error's name and
 * message, then every field, since the server's code may come after a long body — and only
 * tests it, never shows it: the host's text may hold internals.
 */
export function isChallengeError(reason: unknown): boolean {
  try {
    // String() of an Error is "Name: message" (neither is in its JSON); a cycle still has it tested.
    return SIGN_IN.test(String(reason)) || SIGN_IN.test(JSON.stringify(reason));
  } catch {
    return false; // a hostile getter or toString, a cycle
  }
}

/** True when a tool result's `_meta` asks the host to start sign-in (Apps SDK). */
export function hasChallengeMeta(meta: { readonly [key: string]: unknown }): boolean {
  try {
    return String(meta["mcp/www_authenticate"] ?? "") !== "";
  } catch {
    return false;
  }
}
