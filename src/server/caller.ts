/**
 * Who is calling: idempotency keys, daily limits and drafts are scoped to it, so the same key
 * from another caller can never return someone else's order.
 */

/** Where the caller identity comes from. */
export interface CallerSources {
  /** The MCP session id (Streamable HTTP), if any. */
  sessionId?: string | undefined;
  /** The authenticated subject from the transport's auth info, if any. */
  authSubject?: string | undefined;
  /** The request's `_meta` (ChatGPT sends `openai/subject`, an anonymised user id). */
  meta?: { readonly [key: string]: unknown } | undefined;
}

/** How much to trust what the client itself says about who it is. */
export interface CallerPolicy {
  /**
   * Use `_meta["openai/subject"]` when present. Only safe where every request comes through
   * a host that sets it (ChatGPT); any other client can put any value there.
   */
  trustSubjectMeta: boolean;
}

const SAFE = /^[\x21-\x7e]{1,200}$/;

/**
 * A stable caller scope: `auth:<sub>` (authenticated), `subject:<openai/subject>` (when
 * trusted), `session:<id>` (MCP session), or `local` (stdio: one process, one user).
 */
export function callerScope(sources: CallerSources, policy: CallerPolicy): string {
  if (sources.authSubject && SAFE.test(sources.authSubject)) return `auth:${sources.authSubject}`;
  const subject = sources.meta?.["openai/subject"];
  if (policy.trustSubjectMeta && typeof subject === "string" && SAFE.test(subject))
    return `subject:${subject}`;
  if (sources.sessionId && SAFE.test(sources.sessionId)) return `session:${sources.sessionId}`;
  return "local";
}
