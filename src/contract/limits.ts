/**
 * Limits both sides of the contract agree on. No valibot: the widget's components clamp with
 * them without pulling the contract's schemas into their bundle.
 */

/** Longest wait the widget will count down; a larger hint is clamped to it. */
export const MAX_RETRY_AFTER_SECONDS = 3_600;

/** A finite wait hint as the contract keeps it: whole seconds, from 0 to the maximum. */
export function clampRetryAfterSeconds(seconds: number): number {
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, Math.ceil(seconds)));
}
