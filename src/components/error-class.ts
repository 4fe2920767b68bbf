/**
 * What kind of failure a ToolError is, for the person. The error's `message`, `field_errors`
 * and `next_action` are written for the model (wire names, instructions); the person gets a
 * sentence in their language chosen by this class instead. The class comes from the error's
 * stable `code` (and `changes`), never from its free text.
 */
import {
  BAD_REQUEST,
  CONFIRMATION_NOT_DELIVERED,
  CONFIRMATION_REQUIRED,
  CONFLICT,
  DATABASE_UNAVAILABLE,
  FORBIDDEN,
  HOST_CALL_FAILED,
  IDEMPOTENCY_KEY_REUSED,
  IN_PROGRESS,
  NOT_FOUND,
  RATE_LIMITED,
  REQUEST_REJECTED,
  UNREADABLE_RESULT,
  UPSTREAM_BAD_RESPONSE,
  UPSTREAM_ERROR,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNAVAILABLE,
  VALIDATION_FAILED,
} from "../contract/error-codes.ts";
import type { ToolError } from "../contract/index.ts";
import type { Messages } from "../i18n/messages/en.ts";
import { needsSignIn } from "../contract/sign-in.ts";

/** The classes ErrorState has a sentence for. */
export type ErrorClass =
  | "validation"
  | "rate_limited"
  | "limit_reached"
  | "unavailable"
  | "not_found"
  | "expired"
  | "conflict"
  | "in_progress"
  | "unknown_outcome"
  | "sign_in"
  | "not_allowed"
  | "declined"
  | "host_call_failed"
  | "unreadable"
  | "unknown";

// The class of each ToolError code the kit writes (contract/error-codes.ts), spelled out: a
// test (test/components/error-state.test.tsx, "gives every kit code its class") pins each one
// and fails for a new kit code until it is listed here. The sign-in codes are absent
// (`needsSignIn` answers them first), and so is INTERNAL: it is a retryable outage or, final,
// an unknown failure, as any code nobody classed. An app's own codes get their classes from
// the app (`errorClasses`), never from a guess at their names.
const KIT_CLASSES: { readonly [code: string]: ErrorClass } = {
  [VALIDATION_FAILED]: "validation",
  [BAD_REQUEST]: "validation",
  [FORBIDDEN]: "not_allowed",
  [NOT_FOUND]: "not_found",
  [CONFLICT]: "conflict",
  [IDEMPOTENCY_KEY_REUSED]: "conflict",
  [RATE_LIMITED]: "rate_limited",
  [IN_PROGRESS]: "in_progress",
  [REQUEST_REJECTED]: "declined",
  // A commit without a valid proof asks the person to prepare again, as an expired draft does.
  [CONFIRMATION_REQUIRED]: "expired",
  // …unless the proof never reached the widget (the host dropped it): nothing expired, and
  // preparing again here would lose it again. Until the kit has words for the host's gap, the
  // person is told only what is true: it could not be done, nothing changed.
  [CONFIRMATION_NOT_DELIVERED]: "unknown",
  [UPSTREAM_UNAVAILABLE]: "unavailable",
  [UPSTREAM_TIMEOUT]: "unavailable",
  [UPSTREAM_ERROR]: "unavailable",
  [UPSTREAM_BAD_RESPONSE]: "unavailable",
  [DATABASE_UNAVAILABLE]: "unavailable",
  [HOST_CALL_FAILED]: "host_call_failed",
  [UNREADABLE_RESULT]: "unreadable",
};

/**
 * An app's words and classes for its own error codes, given to ErrorState, ResultView and
 * ConfirmDraft alike (the write flow's views are those components).
 */
export interface ErrorWords {
  /** The person's sentence per code; it beats the kit's sentence for the code and its class. */
  readonly errorTexts?: { readonly [code: string]: string };
  /**
   * The class per code: the app's own codes get their class only here (a code nobody classed
   * is an outage when retryable, else unknown); it also beats the kit's class for one of its
   * own codes. Only `changes: "unknown"` comes first.
   */
  readonly errorClasses?: { readonly [code: string]: ErrorClass };
}

/** `table[code]`, own entries only: a code such as `constructor` is data, not a lookup path. */
function entry<T>(table: { readonly [code: string]: T } | undefined, code: string) {
  return table && Object.hasOwn(table, code) ? table[code] : undefined;
}

/**
 * The class of `error`. A write whose outcome is unknown is said first (it is the one thing
 * the person must know); then the app's class for its code, sign-in, field errors, and the
 * kit's class for one of its own codes. A non-retryable `unavailable` means the thing is gone,
 * not the service; a code nobody classed is an outage when retryable, else unknown.
 */
export function errorClassOf(error: ToolError, classes?: ErrorWords["errorClasses"]): ErrorClass {
  if (error.changes === "unknown") return "unknown_outcome";
  const code = String(error.code);
  const explicit = entry(classes, code);
  if (explicit) return explicit;
  // Sign in, then the same call: before validation, AUTH_REQUIRED is about access.
  if (needsSignIn(error)) return "sign_in";
  if ((error.field_errors?.length ?? 0) > 0) return "validation";
  const errorClass = entry(KIT_CLASSES, code);
  if (errorClass === "unavailable" && !error.retryable) return "not_found";
  return errorClass ?? (error.retryable ? "unavailable" : "unknown");
}

/** The kit's message keys that hold a plain sentence. */
type SentenceKey = {
  [K in keyof Messages]: Messages[K] extends string ? K : never;
}[keyof Messages];

// The classes whose sentence is not `error` + the class in camel case (`rate_limited` →
// `errorRateLimited`); deriving the rest keeps a second table of names out of every widget.
const SENTENCE: { readonly [C in ErrorClass]?: SentenceKey } = {
  unknown_outcome: "changesUnknown",
  sign_in: "signInBody",
  host_call_failed: "hostCallFailed",
  unreadable: "unreadableResult",
};

/** The message key of `errorClass`'s sentence. */
export const sentenceKey = (errorClass: ErrorClass): SentenceKey =>
  SENTENCE[errorClass] ??
  (("error" +
    errorClass.replace(/(^|_)(.)/g, (_, _start, first: string) =>
      first.toUpperCase(),
    )) as SentenceKey);

/**
 * The person's sentence for `error` of class `errorClass`: the app's text for its code, else
 * the kit's text for one of its own codes, else the class's. Per code beats per class, so an
 * app that re-words `errorConflict` does not re-word the kit's IDEMPOTENCY_KEY_REUSED.
 */
export function errorSentence(
  error: ToolError,
  errorClass: ErrorClass,
  m: Messages,
  texts?: ErrorWords["errorTexts"],
): string {
  const code = String(error.code);
  const text = entry(texts, code);
  if (typeof text === "string") return text;
  return code === IDEMPOTENCY_KEY_REUSED ? m.errorKeyReused : m[sentenceKey(errorClass)];
}

/**
 * A conflict that changed nothing and that no retry changes (an event already cancelled, a
 * seat already yours): told as a calm notice, not a failure. The kit's IDEMPOTENCY_KEY_REUSED
 * stays a failure: the key belongs to other arguments, so this request was not carried out.
 */
export function isSettled(error: ToolError, errorClass: ErrorClass): boolean {
  return (
    errorClass === "conflict" &&
    error.changes === "none" &&
    !error.retryable &&
    error.code !== IDEMPOTENCY_KEY_REUSED
  );
}

/**
 * A field path from the wire in plain words: `budget_min` → "budget min",
 * `items[0].title` → "items 1 title" (positions counted from one, as people do).
 */
export function plainFieldName(path: string): string {
  return path
    .replace(/\[(\d+)\]/g, (_, index: string) => ` ${Number(index) + 1} `)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_.\-/]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** Classes of a refusal: the app answered, and said no (no failure, nothing went wrong). */
const REFUSALS: readonly ErrorClass[] = [
  "declined",
  "not_allowed",
  "not_found",
  "expired",
  "conflict",
  "limit_reached",
];

/**
 * The heading of an error of `errorClass` (`settled`: a conflict that changed nothing): a
 * refusal says it was not done, only a failure says something went wrong.
 */
export function errorTitle(errorClass: ErrorClass, settled: boolean, m: Messages): string {
  return settled
    ? m.changesNone
    : errorClass === "sign_in"
      ? m.signInTitle
      : errorClass === "validation"
        ? m.errorTitleValidation
        : REFUSALS.includes(errorClass)
          ? m.errorTitleRefused
          : m.errorTitle;
}
