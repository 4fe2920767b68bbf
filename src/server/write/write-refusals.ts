/**
 * The answers of a declared write that changed nothing: the kit's own refusals of a draft
 * (unknown, expired, already used, its thing taken or being written) and the app's refusal
 * codes, each with its words. Every one says `changes: "none"`; `idempotentResult` turns that
 * into `"unknown"` when an earlier attempt of the record may have acted.
 */
import { IDEMPOTENCY_CODES } from "../../contract/error-codes.ts";
import type { Attempt } from "../idempotency/run-idempotent.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import type { ToolErrorBody } from "../tool-failure.ts";

/** The kit's refusals of a draft, by code. */
export const DRAFT_REFUSALS = {
  DRAFT_NOT_FOUND: "DRAFT_NOT_FOUND",
  DRAFT_EXPIRED: "DRAFT_EXPIRED",
  DRAFT_ALREADY_USED: "DRAFT_ALREADY_USED",
} as const;

/** A code the kit answers for a draft, or one of the app's. */
export type DraftRefusal = keyof typeof DRAFT_REFUSALS;

/** What a declared write stores and replays: what it did, or why it did nothing. */
export type WriteValue<Done> =
  | { readonly ok: true; readonly done: Done }
  | { readonly ok: false; readonly error: ToolErrorBody; readonly done?: Done };

/** How a refusal is kept: `final` ones are replayed to a repeat of the key. */
export interface RefusalOptions {
  /**
   * Replayed to a repeat of the key (the effect's default: its refusal is the answer of this
   * draft). `false`: nothing was done and a retry of the key runs the effect again, from the
   * same captured draft (a limit that may lift, a provider's 503): the answer is retryable
   * with the same key.
   */
  readonly final?: boolean;
  /**
   * The answer is certain under the effect's own key (the provider refused this key; the
   * compensation undid it): it settles an earlier doubt, so its `changes: "none"` stands.
   */
  readonly definite?: boolean;
  /**
   * With `final: false`: how long the caller waits before the key's retry (the provider's own
   * wait, a 503's `Retry-After`); default `RETRY_SAME_KEY_AFTER_SECONDS`.
   */
  readonly retryAfterSeconds?: number;
}

/**
 * How long a write's retryable answer asks the caller to wait before repeating the call with
 * the same key: a commit still running, a provider that was down, an outcome left in doubt.
 */
export const RETRY_SAME_KEY_AFTER_SECONDS = 2;

/** The words of the kit's draft refusals, naming the tool that makes a new draft. */
export function draftWords(prepare: string): Record<DraftRefusal, string> {
  return {
    DRAFT_NOT_FOUND: `draft_id names no draft of yours: call ${prepare} again.`,
    DRAFT_EXPIRED: `This draft has expired: call ${prepare} again.`,
    DRAFT_ALREADY_USED: "This draft was already used; nothing was done again.",
  };
}

/** A refusal that changed nothing, as an attempt of the record. */
export function refusal<Done>(
  code: string,
  message: string,
  options: RefusalOptions = {},
  /** What was done instead, shown with the refusal (the reply another draft already sent). */
  done?: Done,
): Attempt<WriteValue<Done>> {
  // An effect's `final: false` (a 503: nothing was done, nothing decided) is retried with the
  // same key, which runs the effect again; the kit's own draft refusals leave `final` unset.
  const retry = options.final === false;
  const error: ToolErrorBody = {
    code,
    message,
    retryable: retry,
    // The next action reads "after retry_after_seconds": the answer names the wait it means.
    ...(retry
      ? {
          retry_after_seconds: options.retryAfterSeconds ?? RETRY_SAME_KEY_AFTER_SECONDS,
          next_action: NEXT_ACTIONS.retrySameKey,
        }
      : {}),
    changes: "none",
  };
  const value: WriteValue<Done> = { ok: false, error, ...(done ? { done } : {}) };
  return options.final
    ? { final: true, value, ...(options.definite ? { definite: true } : {}) }
    : { final: false, value };
}

/**
 * Another commit holds the draft, or another draft of the same thing, and has not finished:
 * nothing was done by this call, and a retry soon is told what became of it.
 */
export function busy<Done>(message: string): Attempt<WriteValue<Done>> {
  return { final: false, value: { ok: false, error: unfinished(message, "none") } };
}

/**
 * The commit of this draft under another idempotency key holds it but runs nothing now: its
 * last attempt ended retryable (a provider's 503, or an outcome in doubt that the reconciler
 * finishes), so "still running" would be untrue. This call did nothing; whether that commit
 * acted is not known here (its record's doubt is not readable by draft), hence `"unknown"`.
 * A retry of this call is answered as that commit once its own key's retry or the reconciler
 * finishes it.
 */
export function heldByUnfinished(): ToolErrorBody {
  return unfinished(
    "This draft was confirmed with another idempotency_key, whose attempt has not finished and is not running now; this call did nothing. A retry with that key finishes it.",
    "unknown",
  );
}

function unfinished(message: string, changes: "none" | "unknown"): ToolErrorBody {
  return {
    code: IDEMPOTENCY_CODES.inProgress,
    message,
    retryable: true,
    retry_after_seconds: RETRY_SAME_KEY_AFTER_SECONDS,
    next_action: NEXT_ACTIONS.retrySameKey,
    changes,
  };
}
