/**
 * Every error code the kit writes itself, in one place: the ToolError codes its server
 * helpers, problem mapping, idempotency and sign-in answer, the two the widget makes for a
 * failed host call, and the field error codes of the argument validator. An app's own codes
 * (`ITEM_UNAVAILABLE`, `DAILY_LIMIT_REACHED`, …) are not here: `errorClassOf` maps the kit's
 * codes to their classes, and an app's by the app's own `errorClasses`.
 *
 * One constant per code (not one object) so the widget bundles only the few it reads. No
 * valibot, no framework: both the widget and the server import it.
 */

/** Arguments broke the tool's rules; the field errors say which and how. Not retryable. */
export const VALIDATION_FAILED = "VALIDATION_FAILED";
/** An upstream refused the request as malformed (HTTP 400). */
export const BAD_REQUEST = "BAD_REQUEST";
/** An upstream wants credentials (HTTP 401). */
export const UNAUTHORIZED = "UNAUTHORIZED";
/** An upstream refused access (HTTP 403). */
export const FORBIDDEN = "FORBIDDEN";
/** An upstream has no such thing (HTTP 404). */
export const NOT_FOUND = "NOT_FOUND";
/** An upstream reported a conflicting state (HTTP 409). */
export const CONFLICT = "CONFLICT";
/** Too many requests: retry after `retry_after_seconds`. */
export const RATE_LIMITED = "RATE_LIMITED";
/** A bug or an unexpected failure; its details are only in the server's log. */
export const INTERNAL = "INTERNAL";
/** An upstream service is down or overloaded: retryable. */
export const UPSTREAM_UNAVAILABLE = "UPSTREAM_UNAVAILABLE";
/** An upstream service did not answer in time: retryable. */
export const UPSTREAM_TIMEOUT = "UPSTREAM_TIMEOUT";
/** An upstream failed with a status the kit has no code for (a 5xx, or none at all). */
export const UPSTREAM_ERROR = "UPSTREAM_ERROR";
/** The code for a body that is not a problem document (HTML, invalid JSON, empty). */
export const UPSTREAM_BAD_RESPONSE = "UPSTREAM_BAD_RESPONSE";
/** An upstream refused the request with a 4xx the kit has no code for. */
export const REQUEST_REJECTED = "REQUEST_REJECTED";
/** The idempotency key was used before with other arguments: not retryable, nothing changed. */
export const IDEMPOTENCY_KEY_REUSED = "IDEMPOTENCY_KEY_REUSED";
/** The first request with this idempotency key is still running: retry after the wait. */
export const IN_PROGRESS = "IN_PROGRESS";
/**
 * The idempotency store failed before the side effect: retry with the same key. It names no
 * idempotency (both stores are databases): a code with `IDEMPOTENCY` in it would read as a
 * clash with an earlier request, and this one is an outage to wait out.
 */
export const DATABASE_UNAVAILABLE = "DATABASE_UNAVAILABLE";
/** The tool needs a signed-in person and the call had no token (or the host's challenge). */
export const AUTH_REQUIRED = "AUTH_REQUIRED";
/** The call's token was refused (expired, wrong audience, bad signature). */
export const AUTH_INVALID = "AUTH_INVALID";
/** The token lacks a scope the tool needs: sign in again with it. */
export const INSUFFICIENT_SCOPE = "INSUFFICIENT_SCOPE";
/**
 * A commit the person confirms in the app was called without a valid confirmation proof (the
 * model called it, or the proof is forged, expired, another caller's or another draft's):
 * nothing ran, nothing changed.
 */
export const CONFIRMATION_REQUIRED = "CONFIRMATION_REQUIRED";
/**
 * The code the widget gives a `CONFIRMATION_REQUIRED` refusal of a commit it sent without a
 * proof because none reached it: the host dropped the prepare result's `_meta` (or the server
 * issued none). Nothing ran; the draft did not expire.
 */
export const CONFIRMATION_NOT_DELIVERED = "CONFIRMATION_NOT_DELIVERED";
/** The code of a call the host failed to deliver or answer (rejected, threw, timed out). */
export const HOST_CALL_FAILED = "HOST_CALL_FAILED";
/** The code of a ToolError the kit makes itself when a tool answered with something unreadable. */
export const UNREADABLE_RESULT = "UNREADABLE_RESULT";

/** The field error for unknown argument names (all of them in one entry, field `*`). */
export const UNKNOWN_FIELDS = "UNKNOWN_FIELDS";
/** The last field error of a list cut to fit the error's size limit: more were found. */
export const MORE_ERRORS = "MORE_ERRORS";

/** Field error codes the validator emits (`field_errors[].code`). */
export const FIELD_CODES = {
  required: "REQUIRED",
  wrongType: "WRONG_TYPE",
  tooShort: "TOO_SHORT",
  tooLong: "TOO_LONG",
  tooFew: "TOO_FEW",
  tooMany: "TOO_MANY",
  tooSmall: "TOO_SMALL",
  tooLarge: "TOO_LARGE",
  notInteger: "NOT_INTEGER",
  badFormat: "BAD_FORMAT",
  notAllowed: "NOT_ALLOWED",
  invalid: "INVALID",
  unknownFields: UNKNOWN_FIELDS,
  moreErrors: MORE_ERRORS,
} as const;

/** The error codes of `idempotentResult` and `runIdempotent`. */
export const IDEMPOTENCY_CODES = {
  /** The key was used before with other arguments: not retryable, nothing changed. */
  keyReused: IDEMPOTENCY_KEY_REUSED,
  /** The first request with this key is still running: retry after the wait, same key. */
  inProgress: IN_PROGRESS,
  /**
   * The idempotency store failed before the side effect (thrown by `runIdempotent` as a
   * `ToolFailure`): retry with the same key, nothing changed.
   */
  storeUnavailable: DATABASE_UNAVAILABLE,
} as const;
