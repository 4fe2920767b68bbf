/**
 * What kind of failure a ToolError is, for the person. The error's `message`, `field_errors`
 * and `next_action` are written for the model (wire names, instructions); the person gets a
 * sentence in their language chosen by this class instead. The class comes from the error's
 * stable `code` (and `changes`), never from its free text.
 */
import { HOST_CALL_FAILED, UNREADABLE_RESULT } from "../contract/error-codes.ts";
import type { ToolError } from "../contract/index.ts";
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

// Codes by family, tried in order, the first match wins: the code families DESIGN.md and
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

function patternClass(code: string): ErrorClass | undefined {
  const upper = code.toUpperCase();
  return CODE_CLASSES.find(([pattern]) => pattern.test(upper))?.[1];
}

/**
 * The class of `error`. A write whose outcome is unknown is said first (it is the one thing
 * the person must know); a non-retryable `…_UNAVAILABLE` means the thing is gone, not the
 * service.
 */
export function errorClassOf(error: ToolError): ErrorClass {
  // Unknown outcome first for every code (the kit's own host and unreadable codes included).
  if (error.changes === "unknown") return "unknown_outcome";
  if (error.code === HOST_CALL_FAILED) return "host_call_failed";
  if (error.code === UNREADABLE_RESULT) return "unreadable";
  // Sign in, then the same call: before validation, AUTH_REQUIRED is about access.
  if (needsSignIn(error)) return "sign_in";
  if ((error.field_errors?.length ?? 0) > 0) return "validation";
  const errorClass = patternClass(String(error.code));
  if (errorClass === "unavailable" && !error.retryable) return "not_found";
  return errorClass ?? (error.retryable ? "unavailable" : "unknown");
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
