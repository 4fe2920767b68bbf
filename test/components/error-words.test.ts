// The lookup of an app's words and classes per error code (error-class.ts): pure, no DOM.
import { describe, expect, it } from "vitest";
import {
  errorClassOf,
  errorSentence,
  isSettled,
  sentenceKey,
  type ErrorClass,
} from "../../src/components/error-class.ts";
import type { ToolError } from "../../src/contract/index.ts";
import { en } from "../../src/i18n/messages/en.ts";

const error = (code: string, extra: Partial<ToolError> = {}): ToolError => ({
  code,
  message: "",
  retryable: false,
  ...extra,
});

describe("errorClassOf with an app's classes", () => {
  it("classes an app code only as the app says, never by its name", () => {
    // SEAT_ALREADY_TAKEN holds ALREADY, which once read as a conflict; the app says declined.
    const classes = { SEAT_ALREADY_TAKEN: "declined", PAYMENT_HELD: "in_progress" } as const;
    expect(errorClassOf(error("SEAT_ALREADY_TAKEN"))).toBe("unknown");
    expect(errorClassOf(error("SEAT_ALREADY_TAKEN"), classes)).toBe("declined");
    // A code no pattern knows gets its class too, over field errors as well.
    expect(errorClassOf(error("PAYMENT_HELD"), classes)).toBe("in_progress");
    const withFields = error("PAYMENT_HELD", {
      field_errors: [{ field: "a", code: "c", message: "" }],
    });
    expect(errorClassOf(withFields, classes)).toBe("in_progress");
  });

  it("keeps the kit's codes' classes unless the app overrides one", () => {
    const classes = { EVENT_ALREADY_CANCELLED: "conflict" } as const;
    expect(errorClassOf(error("AUTH_REQUIRED"), classes)).toBe("sign_in");
    expect(errorClassOf(error("IDEMPOTENCY_KEY_REUSED"), classes)).toBe("conflict");
    expect(errorClassOf(error("RATE_LIMITED", { retryable: true }), classes)).toBe("rate_limited");
    expect(errorClassOf(error("CONFLICT"), { CONFLICT: "declined" })).toBe("declined");
  });

  it("still says an unknown outcome first", () => {
    const unknown = error("SEAT_ALREADY_TAKEN", { changes: "unknown" });
    expect(errorClassOf(unknown, { SEAT_ALREADY_TAKEN: "declined" })).toBe("unknown_outcome");
  });

  it("reads only the table's own entries: a code is data, not a lookup path", () => {
    for (const code of ["constructor", "toString", "__proto__", "hasOwnProperty"]) {
      expect(errorClassOf(error(code), {})).toBe("unknown");
      expect(errorSentence(error(code), "unknown", en, {})).toBe(en.errorUnknown);
    }
  });
});

describe("errorSentence", () => {
  it("words an app's code with its text, over the class's sentence", () => {
    const texts = { EVENT_ALREADY_CANCELLED: "This event was already cancelled." };
    const cancelled = error("EVENT_ALREADY_CANCELLED", { changes: "none" });
    expect(errorSentence(cancelled, "conflict", en, texts)).toBe(texts.EVENT_ALREADY_CANCELLED);
    expect(errorSentence(error("SEAT_TAKEN"), "conflict", en, texts)).toBe(en.errorConflict);
  });

  it("keeps the kit's own text for IDEMPOTENCY_KEY_REUSED when the conflict class is re-worded", () => {
    const reworded = { ...en, errorConflict: "Someone else got there first." };
    const reused = error("IDEMPOTENCY_KEY_REUSED", { changes: "none" });
    expect(errorSentence(reused, errorClassOf(reused), reworded)).toBe(en.errorKeyReused);
    expect(errorSentence(error("SEAT_TAKEN"), "conflict", reworded)).toBe(reworded.errorConflict);
    // The app's text for the kit code still wins: per code beats everything.
    expect(errorSentence(reused, "conflict", reworded, { IDEMPOTENCY_KEY_REUSED: "Again?" })).toBe(
      "Again?",
    );
  });
});

describe("isSettled", () => {
  const APP_CLASSES = { EVENT_ALREADY_CANCELLED: "conflict" } as const;
  it.each([
    [error("EVENT_ALREADY_CANCELLED", { changes: "none" }), true],
    // Unclassed, an app's code is no conflict: a failure, not a calm notice.
    [error("EVENT_ALREADY_CANCELLED", { changes: "none" }), false, {}],
    [error("CONFLICT", { changes: "none" }), true],
    // Something may have changed, or a retry can still change it, or nothing is said: a failure.
    [error("EVENT_ALREADY_CANCELLED", { changes: "applied" }), false],
    [error("EVENT_ALREADY_CANCELLED"), false],
    [error("EVENT_ALREADY_CANCELLED", { changes: "none", retryable: true }), false],
    // The key belongs to other arguments: this request was not carried out.
    [error("IDEMPOTENCY_KEY_REUSED", { changes: "none" }), false],
    [error("DRAFT_NOT_FOUND", { changes: "none" }), false],
  ] as const)("%o → %s", (input, expected, classes = APP_CLASSES) => {
    expect(isSettled(input, errorClassOf(input, classes))).toBe(expected);
  });
});

describe("sentenceKey", () => {
  // Every class and the message key of its sentence: the keys are public (apps re-word them).
  const KEYS: { readonly [C in ErrorClass]: string } = {
    validation: "errorValidation",
    rate_limited: "errorRateLimited",
    limit_reached: "errorLimitReached",
    unavailable: "errorUnavailable",
    not_found: "errorNotFound",
    expired: "errorExpired",
    conflict: "errorConflict",
    in_progress: "errorInProgress",
    unknown_outcome: "changesUnknown",
    sign_in: "signInBody",
    not_allowed: "errorNotAllowed",
    declined: "errorDeclined",
    host_call_failed: "hostCallFailed",
    unreadable: "unreadableResult",
    unknown: "errorUnknown",
  };
  it.each(Object.entries(KEYS))("%s → %s, a sentence of the catalog", (errorClass, key) => {
    expect(sentenceKey(errorClass as ErrorClass)).toBe(key);
    expect(typeof en[key as keyof typeof en]).toBe("string");
  });
});
