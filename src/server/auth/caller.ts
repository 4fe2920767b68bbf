/**
 * Who is calling: idempotency keys, orders, drafts and daily limits are scoped to it, so the
 * same key from another person can never return someone else's order. Only a verified token's
 * subject (with its issuer) — or the fixed principal of a stdio connection — names a caller;
 * nothing a client sets (`_meta["openai/subject"]`, headers, the session) ever does.
 */
import { principalScope, type Principal } from "./principal.ts";

/** The one scope every caller without a verified principal shares (read-only tools only). */
export const ANONYMOUS_CALLER = "anonymous";

/** `user:<hash of issuer and subject>` for a principal, else `anonymous`. */
export function callerScope(principal: Principal | undefined): string {
  return principal ? principalScope(principal) : ANONYMOUS_CALLER;
}
