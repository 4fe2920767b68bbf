/**
 * What kind of failure a ToolError is, for the person. The error's `message`, `field_errors`
 * and `next_action` are written for the model (wire names, instructions); the person gets a
 * sentence in their language chosen by this class instead. The class comes from the error's
 * stable `code` (and `changes`), never from its free text.
 */
import {
  HOST_CALL_FAILED,
  IDEMPOTENCY_KEY_REUSED,
  UNREADABLE_RESULT,
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

// Codes by family, tried in order, the first match wins: the code families docs/architecture.md and
// RFC 9457-style servers use, so an app's (or a host's) codes mostly fit. The kit's own codes
// (contract/error-codes.ts) get their classes from these same patterns, and exactly: a test
// (test/components/error-state.test.tsx, "gives every kit code its class") pins each one and
// fails for a new code until the patterns give it its class. A lookup table of the kit's codes
// here said the same thing again at 218 B gzip in every widget.
const CODE_CLASSES: ReadonlyArray<readonly [RegExp, ErrorClass]> = [
  // Before validation: a refusal is about access, not the arguments.
  [/FORBIDDEN|NOT_ALLOWED|PERMISSION|(^|_)AUTH(_|$)|SCOPE/, "not_allowed"],
  // Before validation too: a commit whose confirmation is missing or stale (REQUIRED) asks
  // the person to prepare again, as an expired draft does.
  [/EXPIRED|CONFIRM/, "expired"],
  [/VALIDATION|INVALID|REQUIRED|MALFORMED|BAD_REQUEST|WRONG_TYPE|OUT_OF_RANGE/, "validation"],
  [/RATE_LIMIT|TOO_MANY/, "rate_limited"],
  [/LIMIT|QUOTA/, "limit_reached"],
  [/IN_PROGRESS/, "in_progress"],
  [/IDEMPOTENCY|CONFLICT|ALREADY|DUPLICATE|REUSED/, "conflict"],
  [/NOT_FOUND|GONE|NO_LONGER/, "not_found"],
  [/DECLINED|REJECTED|REFUSED/, "declined"],
  [/UNAVAILABLE|TIMEOUT|UPSTREAM|OUTAGE|MAINTENANCE|BUSY/, "unavailable"],
];

/**
 * An app's words and classes for its own error codes, given to ErrorState, ResultView,
 * ConfirmDraft and ConfirmPurchase alike (the write flow's views are those components).
 */
export interface ErrorWords {
  /** The person's sentence per code; it beats the kit's sentence for the code and its class. */
  readonly errorTexts?: { readonly [code: string]: string };
  /** The class per code; it beats the kit's rules, all but `changes: "unknown"`. */
  readonly errorClasses?: { readonly [code: string]: ErrorClass };
}

/** `table[code]`, own entries only: a code such as `constructor` is data, not a lookup path. */
function entry<T>(table: { readonly [code: string]: T } | undefined, code: string) {
  return table && Object.hasOwn(table, code) ? table[code] : undefined;
}

function patternClass(code: string): ErrorClass | undefined {
  const upper = code.toUpperCase();
  return CODE_CLASSES.find(([pattern]) => pattern.test(upper))?.[1];
}

/**
 * The class of `error`. A write whose outcome is unknown is said first (it is the one thing
 * the person must know); a non-retryable `…_UNAVAILABLE` means the thing is gone, not the
 * service.
 */
export function errorClassOf(error: ToolError, classes?: ErrorWords["errorClasses"]): ErrorClass {
  // Unknown outcome first for every code (the kit's own host and unreadable codes included).
  if (error.changes === "unknown") return "unknown_outcome";
  const explicit = entry(classes, String(error.code));
  if (explicit) return explicit;
  if (error.code === HOST_CALL_FAILED) return "host_call_failed";
  if (error.code === UNREADABLE_RESULT) return "unreadable";
  // Sign in, then the same call: before validation, AUTH_REQUIRED is about access.
  if (needsSignIn(error)) return "sign_in";
  if ((error.field_errors?.length ?? 0) > 0) return "validation";
  const errorClass = patternClass(String(error.code));
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
