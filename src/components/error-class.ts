/**
 * What kind of failure a ToolError is, for the person. The error's `message`, `field_errors`
 * and `next_action` are written for the model (wire names, instructions); the person gets a
 * sentence in their language chosen by this class instead. The class comes from the error's
 * stable `code` (and `changes`), never from its free text.
 */
import {
  BAD_REQUEST,
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
import { needsSignIn } from "../write/sign-in.ts";

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

// The kit's own codes (contract/error-codes.ts), exactly. Not here: the sign-in codes
// (`needsSignIn` reads them, and a host's text, first), `INTERNAL` (its class is the
// retryable rule's, like any code without one), and the widget's own two (said first).
const KIT_CODE_CLASSES: ReadonlyMap<string, ErrorClass> = /* @__PURE__ */ new Map([
  [VALIDATION_FAILED, "validation"],
  [BAD_REQUEST, "validation"],
  [FORBIDDEN, "not_allowed"],
  [RATE_LIMITED, "rate_limited"],
  [IN_PROGRESS, "in_progress"],
  [IDEMPOTENCY_KEY_REUSED, "conflict"],
  [CONFLICT, "conflict"],
  [NOT_FOUND, "not_found"],
  [REQUEST_REJECTED, "declined"],
  [UPSTREAM_UNAVAILABLE, "unavailable"],
  [UPSTREAM_TIMEOUT, "unavailable"],
  [UPSTREAM_ERROR, "unavailable"],
  [UPSTREAM_BAD_RESPONSE, "unavailable"],
  [DATABASE_UNAVAILABLE, "unavailable"],
]);

// An app's (or a host's) own codes: tried in order, the first match wins. Kept to patterns
// of the code families DESIGN.md and RFC 9457-style servers use, so an app's codes mostly fit.
const FOREIGN_CODE_CLASSES: ReadonlyArray<readonly [RegExp, ErrorClass]> = [
  // Before validation: a refusal is about access, not the arguments.
  [/FORBIDDEN|NOT_ALLOWED|PERMISSION|(^|_)AUTH(_|$)|SCOPE/, "not_allowed"],
  [/VALIDATION|INVALID|REQUIRED|MALFORMED|BAD_REQUEST|WRONG_TYPE|OUT_OF_RANGE/, "validation"],
  [/RATE_LIMIT|TOO_MANY/, "rate_limited"],
  [/LIMIT|QUOTA/, "limit_reached"],
  [/IN_PROGRESS/, "in_progress"],
  [/IDEMPOTENCY|CONFLICT|ALREADY|DUPLICATE|REUSED/, "conflict"],
  [/EXPIRED/, "expired"],
  [/NOT_FOUND|GONE|NO_LONGER/, "not_found"],
  [/DECLINED|REJECTED|REFUSED/, "declined"],
  [/UNAVAILABLE|TIMEOUT|UPSTREAM|OUTAGE|MAINTENANCE|BUSY/, "unavailable"],
];

function foreignClass(code: string): ErrorClass | undefined {
  const upper = code.toUpperCase();
  return FOREIGN_CODE_CLASSES.find(([pattern]) => pattern.test(upper))?.[1];
}

/**
 * The class of `error`. A write whose outcome is unknown is said first (it is the one thing
 * the person must know); a non-retryable `…_UNAVAILABLE` means the thing is gone, not the
 * service.
 */
export function errorClassOf(error: ToolError): ErrorClass {
  if (error.code === HOST_CALL_FAILED)
    return error.changes === "unknown" ? "unknown_outcome" : "host_call_failed";
  if (error.code === UNREADABLE_RESULT)
    return error.changes === "unknown" ? "unknown_outcome" : "unreadable";
  if (error.changes === "unknown") return "unknown_outcome";
  // Sign in, then the same call: before validation, AUTH_REQUIRED is about access.
  if (needsSignIn(error)) return "sign_in";
  if ((error.field_errors?.length ?? 0) > 0) return "validation";
  const code = String(error.code);
  const errorClass = KIT_CODE_CLASSES.get(code) ?? foreignClass(code);
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
