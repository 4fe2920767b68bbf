/**
 * The failures of `complete_checkout` that are not the sheet's own (`payment_declined`,
 * `requires_3ds`): kit ToolErrors with fixed sentences — nothing the caller sent is echoed —
 * each saying whether money moved (`changes`). They go back to the widget as the
 * `requestCheckout` rejection; the model never calls the tool.
 */
import {
  DATABASE_UNAVAILABLE,
  IN_PROGRESS,
  UPSTREAM_TIMEOUT,
  UPSTREAM_UNAVAILABLE,
  VALIDATION_FAILED,
} from "../../contract/error-codes.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import type { ToolErrorBody } from "../tool-failure.ts";

/** The session id was not minted by this server for this caller (forged, altered, another's). */
export const CHECKOUT_SESSION_INVALID = "CHECKOUT_SESSION_INVALID";
/** The session's draft expired before anything was charged. */
export const CHECKOUT_SESSION_EXPIRED = "CHECKOUT_SESSION_EXPIRED";
/** A payment whose outcome was unknown was refunded: nothing was bought. */
export const CHECKOUT_REFUNDED = "CHECKOUT_REFUNDED";
/** The session was refused too many times (declines, 3-D Secure): prepare a new one. */
export const CHECKOUT_ATTEMPTS_EXHAUSTED = "CHECKOUT_ATTEMPTS_EXHAUSTED";

/**
 * The draft was paid once already: by the app's own commit, or on another session of it. The
 * same code a commit of a used draft answers (docs/server.md, "A write declared once").
 */
export const DRAFT_ALREADY_USED = "DRAFT_ALREADY_USED";

/** The fixed failures, by what happened. */
export const CHECKOUT_FAILURES = {
  invalidArguments: (fields: readonly string[]): ToolErrorBody => ({
    code: VALIDATION_FAILED,
    message: "The checkout arguments are not valid.",
    retryable: false,
    field_errors: fields.map((field) => ({
      field,
      code: "invalid",
      message: "missing or not valid",
    })),
    next_action: NEXT_ACTIONS.doNotRepeat,
    changes: "none",
  }),
  invalidSession: {
    code: CHECKOUT_SESSION_INVALID,
    message: "This checkout session was not issued by this app for this person.",
    retryable: false,
    next_action: NEXT_ACTIONS.confirmInApp,
    changes: "none",
  },
  wrongProvider: {
    code: VALIDATION_FAILED,
    message: "The payment token is for another payment provider than this checkout's.",
    retryable: false,
    field_errors: [
      {
        field: "payment_data.provider",
        code: "invalid",
        message: "not this checkout's payment provider",
      },
    ],
    next_action: NEXT_ACTIONS.doNotRepeat,
    changes: "none",
  },
  draftUsed: {
    code: DRAFT_ALREADY_USED,
    message: "This draft was already paid or used another way; nothing was charged.",
    retryable: false,
    next_action: NEXT_ACTIONS.doNotRepeat,
    changes: "none",
  },
  expired: {
    code: CHECKOUT_SESSION_EXPIRED,
    message: "This checkout expired before it was paid; nothing was charged.",
    retryable: false,
    next_action: NEXT_ACTIONS.doNotRepeat,
    changes: "none",
  },
  refunded: {
    code: CHECKOUT_REFUNDED,
    message: "The payment could not be confirmed in time and was refunded; nothing was bought.",
    retryable: false,
    next_action: NEXT_ACTIONS.doNotRepeat,
    changes: "none",
  },
  exhausted: {
    code: CHECKOUT_ATTEMPTS_EXHAUSTED,
    message: "This checkout was refused too many times; nothing was charged.",
    retryable: false,
    next_action: NEXT_ACTIONS.doNotRepeat,
    changes: "none",
  },
  running: (retryAfterSeconds: number): ToolErrorBody => ({
    code: IN_PROGRESS,
    message: "This checkout's payment is still being processed.",
    retryable: true,
    retry_after_seconds: retryAfterSeconds,
    next_action: NEXT_ACTIONS.retryLater,
    changes: "unknown",
  }),
  unavailable: (inDoubt: boolean): ToolErrorBody => ({
    code: UPSTREAM_UNAVAILABLE,
    message: inDoubt
      ? "The payment service is unavailable; an earlier attempt may have gone through and will be finished."
      : "The payment service is unavailable; nothing was charged.",
    retryable: true,
    retry_after_seconds: 5,
    next_action: NEXT_ACTIONS.retryLater,
    changes: inDoubt ? "unknown" : "none",
  }),
  inDoubt: {
    code: UPSTREAM_TIMEOUT,
    message:
      "The payment service did not answer in time; the payment may have gone through and will be finished or refunded.",
    retryable: true,
    retry_after_seconds: 5,
    next_action: NEXT_ACTIONS.retryLater,
    changes: "unknown",
  },
  storeUnavailable: {
    code: DATABASE_UNAVAILABLE,
    message:
      "The service could not check this checkout just now; if an earlier attempt did not finish, it may have gone through.",
    retryable: true,
    retry_after_seconds: 5,
    next_action: NEXT_ACTIONS.retryLater,
    changes: "unknown",
  },
} as const satisfies { [name: string]: ToolErrorBody | ((...args: never[]) => ToolErrorBody) };
