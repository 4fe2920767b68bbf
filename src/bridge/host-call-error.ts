import type { ToolError } from "../contract/schemas.ts";

/** The code of a call the host failed to deliver or answer (rejected, threw, timed out). */
export const HOST_CALL_FAILED = "HOST_CALL_FAILED";

/** The code of a ToolError the kit makes itself when a tool answered with something unreadable. */
export const UNREADABLE_RESULT = "UNREADABLE_RESULT";

/** A tool answered with something that is not its contract: say so, and allow a retry. */
export function unreadableResult(changes?: ToolError["changes"]): ToolError {
  const error: ToolError = { code: UNREADABLE_RESULT, message: "", retryable: true };
  return changes ? { ...error, changes } : error;
}

/**
 * The ToolError for a failed host call (rejected, threw, or timed out). It has no `message`:
 * the widget makes it, no model reads it, and the person gets ErrorState's sentence. The
 * host's own error text is never shown either: it may carry internals.
 */
export function hostCallFailed(): ToolError {
  return { code: HOST_CALL_FAILED, message: "", retryable: true };
}
