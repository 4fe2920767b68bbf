/**
 * An idempotency outcome as a tool result, in one place: the codes and sentences a write tool
 * answers when its key was used for other arguments or is still running are the same for
 * every app, so no app writes them again.
 */
import { IDEMPOTENCY_CODES } from "../../contract/error-codes.ts";
import type { IdempotentOutcome } from "../idempotency/run-idempotent.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import type { ToolOutcome } from "../tool-server.ts";

/** A handler's failed outcome: the one `idempotentResult` answers when the write did not succeed. */
type Failure = Extract<ToolOutcome, { ok: false }>;

/**
 * `result`, unless it is a failure saying nothing changed while an attempt of its record may
 * have acted: then it says `"unknown"` — a person told nothing happened after a charge went
 * through would buy again.
 */
function honest<R>(result: R, inDoubt: boolean): R {
  if (!inDoubt || typeof result !== "object" || result === null) return result;
  const failure = result as Partial<Failure>;
  if (failure.ok !== false || failure.error?.changes !== "none") return result;
  return { ...result, error: { ...failure.error, changes: "unknown" } };
}

/**
 * The tool outcome for `outcome`: a reused key and a request still in progress become their
 * fixed errors; a fresh or replayed value goes through `fromValue` (`replayed` says which).
 * A failure of an in-doubt record never says `changes: "none"`; a definite answer under the
 * effect key (`Attempt`'s `definite`) settles the doubt, and its `"none"` stands.
 */
export function idempotentResult<
  T,
  R extends { ok: true; data: object; text: string } | Extract<ToolOutcome, { ok: false }> =
    ToolOutcome,
>(
  outcome: IdempotentOutcome<T>,
  fromValue: (value: T, replayed: boolean) => R,
): R | Extract<ToolOutcome, { ok: false }> {
  switch (outcome.state) {
    case "key_reused":
      return {
        ok: false,
        error: {
          code: IDEMPOTENCY_CODES.keyReused,
          message: "This idempotency_key was already used with different arguments.",
          retryable: false,
          next_action: NEXT_ACTIONS.newKeyOrSameArgs,
          changes: "none",
        },
      };
    case "in_progress":
      return {
        ok: false,
        error: {
          code: IDEMPOTENCY_CODES.inProgress,
          message: "A request with this idempotency_key is still running.",
          retryable: true,
          retry_after_seconds: outcome.retryAfterSeconds,
          next_action: NEXT_ACTIONS.retrySameKey,
          changes: "unknown",
        },
      };
    case "replayed":
      return honest(fromValue(outcome.value, true), outcome.inDoubt);
    case "fresh":
      return honest(fromValue(outcome.value, false), outcome.inDoubt);
  }
}
