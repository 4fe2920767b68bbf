import { HOST_CALL_FAILED, UNREADABLE_RESULT } from "../contract/error-codes.ts";
import type { ToolError } from "../contract/schemas.ts";

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
