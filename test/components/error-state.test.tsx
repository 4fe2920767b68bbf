// @vitest-environment jsdom
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorState } from "../../src/components/error-state.tsx";
import { errorClassOf, plainFieldName } from "../../src/components/error-class.ts";
import * as errorCodes from "../../src/contract/error-codes.ts";
import { HOST_CALL_FAILED, UNREADABLE_RESULT } from "../../src/contract/error-codes.ts";
import type { ToolError } from "../../src/contract/index.ts";
import { defineMessages, MessagesProvider } from "../../src/i18n/index.ts";
import { renderWithHost } from "./helpers.tsx";

const validation: ToolError = {
  code: "VALIDATION_FAILED",
  message: "3 fields are invalid.",
  retryable: false,
  next_action: "Fix the fields and call suggest_gifts again.",
  request_id: "req_42",
  field_errors: [
    { field: "age", code: "out_of_range", message: "Must be between 0 and 120.", example: "35" },
    {
      field: "budget_min",
      code: "greater_than_max",
      message: "budget_min must not exceed budget_max.",
    },
    { field: "*", code: "UNKNOWN_FIELDS", message: "1 unknown field(s); remove them." },
  ],
};

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, "clipboard", { value, configurable: true });
}

describe("ErrorState", () => {
  afterEach(() => setClipboard(undefined));

  it("shows the person a sentence for the class, the fields in plain words and the request id", () => {
    renderWithHost(<ErrorState error={validation} onRetry={() => {}} />, {
      globals: { locale: "ru" },
    });
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Некоторые данные нужно изменить, чтобы продолжить.",
    );
    const alert = screen.getByRole("region", { name: "Проверьте данные" });
    expect(within(alert).getByRole("heading")).toHaveTextContent("Проверьте данные");
    const details = alert.querySelector("details");
    expect(details?.querySelector("summary")).toHaveTextContent("Что нужно проверить");
    const items = within(alert).getAllByRole("listitem", { hidden: true });
    expect(items.map((item) => item.textContent)).toEqual([
      "age — Например: 35",
      "budget min",
      // `*` is the call as a whole, never shown bare.
      "Данные, которые приложение не знает",
    ]);
    expect(within(alert).getByLabelText("ID запроса")).toHaveValue("req_42");
    // Not retryable: no retry, even with a handler.
    expect(alert.querySelector('[data-action="retry"]')).toBeNull();
  });

  it("titles only a validation error as one to check; names a whole-call entry plainly", () => {
    const { rerender } = renderWithHost(
      <ErrorState error={{ code: "UPSTREAM_UNAVAILABLE", message: "m", retryable: true }} />,
    );
    expect(screen.getByRole("heading")).toHaveTextContent("Something went wrong");
    rerender(
      <ErrorState
        error={{
          code: "VALIDATION_FAILED",
          message: "m",
          retryable: false,
          field_errors: [{ field: "*", code: "MORE_ERRORS", message: "2 more" }],
        }}
      />,
    );
    expect(screen.getByRole("heading")).toHaveTextContent("Please check the details");
    expect(screen.getByRole("listitem", { hidden: true })).toHaveTextContent(
      "More details, shown once these are fixed",
    );
  });

  it("titles a refusal as not done, and only a failure as something that went wrong", () => {
    const refusals = ["PAYMENT_DECLINED", "FORBIDDEN", "NOT_FOUND", "CONFIRMATION_REQUIRED"];
    for (const code of refusals) {
      const { unmount } = renderWithHost(
        <ErrorState
          error={{ code, message: "m", retryable: false }}
          errorClasses={{ PAYMENT_DECLINED: "declined" }}
        />,
      );
      expect(screen.getByRole("heading"), code).toHaveTextContent("This was not done");
      unmount();
    }
    // A conflict that was not settled (it may retry) is refused too; in Russian, in its words.
    renderWithHost(<ErrorState error={{ code: "CONFLICT", message: "m", retryable: true }} />, {
      globals: { locale: "ru" },
    });
    expect(screen.getByRole("heading")).toHaveTextContent("Это не выполнено");
  });

  it("keeps the kit's safe-retry line under an app's words for a code whose outcome is unknown", () => {
    renderWithHost(
      <ErrorState
        error={{ code: "PROVIDER_TIMEOUT", message: "m", retryable: true, changes: "unknown" }}
        errorTexts={{ PROVIDER_TIMEOUT: "The bank did not answer in time." }}
        onRetry={() => {}}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("The bank did not answer in time.");
    expect(alert).toHaveTextContent("it is safe to retry with the same request");
    // Once, when the app gives no words of its own.
    const { container } = renderWithHost(
      <ErrorState error={{ code: "X", message: "m", retryable: true, changes: "unknown" }} />,
    );
    expect(container.textContent!.split("safe to retry")).toHaveLength(2);
  });

  it("shows the sign-in state for a call that needs a signed-in person, never a failure", () => {
    const onRetry = vi.fn();
    renderWithHost(
      <ErrorState
        error={{ code: "AUTH_REQUIRED", message: "m", retryable: false, changes: "none" }}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole("heading")).toHaveTextContent("Sign in to continue");
    // A calm notice, not an error panel: no alert, not drawn in the danger palette.
    expect(screen.queryByRole("alert")).toBeNull();
    expect(document.querySelector(".wk-alert")).toBeNull();
    expect(screen.getByRole("status")).not.toHaveTextContent("Something went wrong");
    expect(screen.getByRole("status")).not.toHaveTextContent("could not reach");
    expect(document.querySelector('[data-action="retry"]')).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(screen.getByRole("button", { name: "Sign in" })).toHaveAttribute(
      "data-action",
      "sign-in",
    );
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("says what happened to the write", () => {
    const { rerender } = renderWithHost(
      <ErrorState error={{ code: "X", message: "m", retryable: true, changes: "none" }} />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Nothing was changed.");
    expect(screen.getByRole("alert")).toHaveTextContent("The service is not available right now.");
    rerender(
      <ErrorState error={{ code: "X", message: "m", retryable: true, changes: "unknown" }} />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "It may have gone through — it is safe to retry with the same request.",
    );
  });

  it("offers a retry for a retryable error only when it has a handler", async () => {
    const error: ToolError = {
      code: "UPSTREAM_UNAVAILABLE",
      message: "Catalog down.",
      retryable: true,
    };
    const { rerender, container } = renderWithHost(<ErrorState error={error} />);
    expect(container.querySelector('[data-action="retry"]')).toBeNull();
    const onRetry = vi.fn();
    rerender(<ErrorState error={error} onRetry={onRetry} />);
    await act(async () => void fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it("shows the kit's own error codes in the person's language", () => {
    const { host } = renderWithHost(
      <ErrorState
        error={{
          code: HOST_CALL_FAILED,
          message: "The request could not reach the app. Try again.",
          retryable: true,
        }}
      />,
      {
        globals: { locale: "zh-CN" },
      },
    );
    expect(screen.getByRole("alert")).toHaveTextContent("请求未能送达应用，请重试。");
    act(() => host.setGlobals({ locale: "en" }));
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The request could not reach the app. Please try again.",
    );
  });

  it("renders an unreadable-result error with a message even though it carries none", () => {
    renderWithHost(
      <ErrorState error={{ code: UNREADABLE_RESULT, message: "", retryable: true }} />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The app sent an answer this widget can't read.",
    );
  });

  it("copies the request id with the clipboard API and says so", async () => {
    const writeText = vi.fn(async () => {});
    setClipboard({ writeText });
    renderWithHost(<ErrorState error={validation} />);
    await act(
      async () => void fireEvent.click(screen.getByRole("button", { name: "Copy the request ID" })),
    );
    expect(writeText).toHaveBeenCalledWith("req_42");
    expect(screen.getByText("Copied")).toBeVisible();
  });

  it("falls back to selecting the id when the clipboard is missing or refused", async () => {
    setClipboard({ writeText: vi.fn(async () => Promise.reject(new Error("denied"))) });
    renderWithHost(<ErrorState error={validation} />);
    await act(
      async () => void fireEvent.click(screen.getByRole("button", { name: "Copy the request ID" })),
    );
    const input = screen.getByLabelText<HTMLInputElement>("Request ID");
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(0);
    expect(input.selectionEnd).toBe("req_42".length);
    // jsdom has no execCommand("copy"): the person is told to copy it themselves.
    expect(screen.getByText("Select the ID and copy it")).toBeVisible();
  });

  it("never shows the model's text: message, next_action or wire names", () => {
    renderWithHost(
      <ErrorState
        error={{
          ...validation,
          message: "age: out_of_range; budget_min > budget_max",
          field_errors: [{ field: "filters[0].maxPrice", code: "too_large", message: "m" }],
        }}
      />,
    );
    const alert = screen.getByRole("region");
    for (const modelText of [
      "out_of_range",
      "budget_min",
      "suggest_gifts",
      "field_errors",
      "next_action",
      "too_large",
      "VALIDATION_FAILED",
    ])
      expect(alert.textContent).not.toContain(modelText);
    expect(alert).toHaveTextContent("filters 1 max price");
  });

  it("renders payload text as text", () => {
    const { container } = renderWithHost(
      <ErrorState
        error={{
          code: "X",
          message: "m",
          retryable: false,
          field_errors: [{ field: "<img src=x>", code: "c", message: "m", example: "<b>b</b>" }],
        }}
      />,
    );
    expect(container.querySelector("img, b")).toBeNull();
    expect(screen.getByRole("region")).toHaveTextContent("<b>b</b>");
  });

  it("lets an app classify its own codes", () => {
    renderWithHost(
      <ErrorState
        error={{ code: "SEAT_TAKEN", message: "m", retryable: false }}
        classify={(error) => (error.code === "SEAT_TAKEN" ? "conflict" : undefined)}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("This clashes with an earlier request");
  });

  it("words and classes an app's codes from its tables", () => {
    renderWithHost(
      <ErrorState
        error={{ code: "SEAT_HELD", message: "m", retryable: true }}
        errorTexts={{ SEAT_HELD: "Someone is booking this seat right now." }}
        errorClasses={{ SEAT_HELD: "in_progress" }}
        onRetry={() => {}}
      />,
    );
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent("Someone is booking this seat right now.");
    expect(alert).not.toHaveTextContent("could not do this");
    expect(screen.getByRole("region").querySelector('[data-action="retry"]')).not.toBeNull();
  });

  it("puts no live region inside another (the copy and retry statuses beside the alert)", () => {
    const error = { code: "UPSTREAM_UNAVAILABLE", message: "m", request_id: "req_1" };
    const live = '[role="alert"], [role="status"], [aria-live]';
    for (const element of [
      <ErrorState key="a" error={{ ...error, retryable: true }} onRetry={() => {}} />,
      <ErrorState
        key="b"
        error={{ ...error, retryable: true }}
        onRetry={() => {}}
        maxAttempts={0}
      />,
      <ErrorState
        key="c"
        error={{ ...error, code: "X_ALREADY", retryable: false, changes: "none" }}
      />,
    ]) {
      const { container, unmount } = renderWithHost(element);
      const regions = [...container.querySelectorAll(live)];
      expect(regions.length).toBeGreaterThan(1); // what happened, and the copy status
      for (const region of regions) expect(region.parentElement?.closest(live)).toBeNull();
      unmount();
    }
  });

  it("tells a conflict that changed nothing for good as a calm notice, not a failure", () => {
    const cancelled = {
      code: "EVENT_ALREADY_CANCELLED",
      message: "m",
      retryable: false,
      changes: "none",
    } as const;
    const { rerender } = renderWithHost(
      <ErrorState
        error={cancelled}
        errorTexts={{ EVENT_ALREADY_CANCELLED: "This event was already cancelled." }}
        errorClasses={{ EVENT_ALREADY_CANCELLED: "conflict" }}
      />,
    );
    const notice = screen.getByRole("status");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(notice).not.toHaveClass("wk-alert");
    expect(screen.getByRole("heading", { name: "Nothing was changed." })).toBeInTheDocument();
    expect(notice).toHaveTextContent("This event was already cancelled.");
    expect(notice).not.toHaveTextContent("Something went wrong");
    // A retryable one, or the kit's reused key, is still a failure.
    rerender(<ErrorState error={{ ...cancelled, retryable: true }} onRetry={() => {}} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
    rerender(<ErrorState error={{ ...cancelled, code: "IDEMPOTENCY_KEY_REUSED" }} />);
    expect(screen.getByRole("alert")).toHaveTextContent("This was already sent with other details");
  });

  it("keeps the kit's words for its reused key when an app re-words the conflict class", () => {
    const messages = defineMessages({ en: { errorConflict: "Someone else got there first." } });
    const error = (code: string): ToolError => ({ code, message: "m", retryable: false });
    renderWithHost(
      <MessagesProvider messages={messages}>
        <ErrorState error={error("SEAT_TAKEN")} classify={() => "conflict"} />
        <ErrorState error={error("IDEMPOTENCY_KEY_REUSED")} />
      </MessagesProvider>,
    );
    const [app, kit] = screen.getAllByRole("alert");
    expect(app).toHaveTextContent("Someone else got there first.");
    expect(kit).toHaveTextContent("This was already sent with other details");
    expect(kit).not.toHaveTextContent("Someone else");
  });
});

describe("errorClassOf", () => {
  const error = (code: string, extra: Partial<ToolError> = {}): ToolError => ({
    code,
    message: "",
    retryable: false,
    ...extra,
  });
  it.each([
    [error("VALIDATION_FAILED"), "validation"],
    [error("X", { field_errors: [{ field: "a", code: "c", message: "m" }] }), "validation"],
    [error("RATE_LIMITED", { retryable: true, retry_after_seconds: 3 }), "rate_limited"],
    [error("UPSTREAM_UNAVAILABLE", { retryable: true }), "unavailable"],
    [error("UPSTREAM_UNAVAILABLE"), "not_found"],
    [error("DATABASE_UNAVAILABLE", { retryable: true }), "unavailable"],
    [error("IDEMPOTENCY_KEY_REUSED"), "conflict"],
    [error("IN_PROGRESS", { retryable: true }), "in_progress"],
    [error("PAYMENT_TIMEOUT", { retryable: true, changes: "unknown" }), "unknown_outcome"],
    [error("FORBIDDEN"), "not_allowed"],
    // An app's code the app did not class is not guessed from its name: an outage when it is
    // retryable, else unknown (CONFIRM_… once read as "expired", …_LIMIT_… as a limit).
    [error("CONFIRM_EMAIL_SENT"), "unknown"],
    [error("DAILY_LIMIT_REACHED"), "unknown"],
    [error("ITEM_UNAVAILABLE"), "unknown"],
    [error("SEAT_HELD", { retryable: true }), "unavailable"],
    // Sign in (then the same call), not arguments, although the codes hold REQUIRED / INVALID.
    [error("AUTH_REQUIRED"), "sign_in"],
    [error("AUTH_INVALID"), "sign_in"],
    [error("INSUFFICIENT_SCOPE"), "sign_in"],
    [error("UNAUTHENTICATED", { retryable: true }), "sign_in"],
    [error("AUTHOR_NOT_FOUND"), "unknown"],
    [error(UNREADABLE_RESULT, { retryable: true }), "unreadable"],
    [error("INTERNAL", { retryable: true }), "unavailable"],
    [error("INTERNAL"), "unknown"],
  ] as const)("%o → %s", (input, expected) => {
    expect(errorClassOf(input)).toBe(expected);
  });

  it("takes an app's class for its own code, and for a kit code it re-classes", () => {
    const classes = { DAILY_LIMIT_REACHED: "limit_reached", CONFLICT: "in_progress" } as const;
    expect(errorClassOf(error("DAILY_LIMIT_REACHED"), classes)).toBe("limit_reached");
    expect(errorClassOf(error("CONFLICT"), classes)).toBe("in_progress");
    expect(errorClassOf(error("CONFLICT"))).toBe("conflict");
    // An unknown outcome is said first, whatever the app's class.
    expect(errorClassOf(error("DAILY_LIMIT_REACHED", { changes: "unknown" }), classes)).toBe(
      "unknown_outcome",
    );
    // Own entries only: a code such as `constructor` is data, not a lookup path.
    expect(errorClassOf(error("constructor"))).toBe("unknown");
    expect(errorClassOf(error("toString", { retryable: true }), classes)).toBe("unavailable");
  });

  // Every ToolError code the kit writes, with its class for a retryable and a final error.
  // A code added to contract/error-codes.ts fails here until it is given its class.
  const KIT_CLASSES: Record<string, readonly [retryable: string, final: string]> = {
    VALIDATION_FAILED: ["validation", "validation"],
    BAD_REQUEST: ["validation", "validation"],
    UNAUTHORIZED: ["sign_in", "sign_in"],
    FORBIDDEN: ["not_allowed", "not_allowed"],
    NOT_FOUND: ["not_found", "not_found"],
    CONFLICT: ["conflict", "conflict"],
    RATE_LIMITED: ["rate_limited", "rate_limited"],
    INTERNAL: ["unavailable", "unknown"],
    UPSTREAM_UNAVAILABLE: ["unavailable", "not_found"],
    UPSTREAM_TIMEOUT: ["unavailable", "not_found"],
    UPSTREAM_ERROR: ["unavailable", "not_found"],
    UPSTREAM_BAD_RESPONSE: ["unavailable", "not_found"],
    REQUEST_REJECTED: ["declined", "declined"],
    IDEMPOTENCY_KEY_REUSED: ["conflict", "conflict"],
    IN_PROGRESS: ["in_progress", "in_progress"],
    DATABASE_UNAVAILABLE: ["unavailable", "not_found"],
    AUTH_REQUIRED: ["sign_in", "sign_in"],
    AUTH_INVALID: ["sign_in", "sign_in"],
    INSUFFICIENT_SCOPE: ["sign_in", "sign_in"],
    HOST_CALL_FAILED: ["host_call_failed", "host_call_failed"],
    UNREADABLE_RESULT: ["unreadable", "unreadable"],
    CONFIRMATION_REQUIRED: ["expired", "expired"],
    // The widget's own: no proof reached it to send (the host dropped it). Nothing expired.
    CONFIRMATION_NOT_DELIVERED: ["unknown", "unknown"],
  };
  const fieldCodes = new Set<string>(Object.values(errorCodes.FIELD_CODES));
  const kitCodes = (Object.values(errorCodes) as unknown[]).filter(
    (value): value is string => typeof value === "string" && !fieldCodes.has(value),
  );

  it("gives every kit code its class", () => {
    expect(kitCodes.sort()).toEqual(Object.keys(KIT_CLASSES).sort());
    for (const code of kitCodes) {
      const classes = [true, false].map((retryable) => errorClassOf(error(code, { retryable })));
      expect([code, ...classes]).toEqual([code, ...(KIT_CLASSES[code] ?? [])]);
    }
  });

  it("words field paths plainly", () => {
    expect(plainFieldName("budget_min")).toBe("budget min");
    expect(plainFieldName("items[0].title")).toBe("items 1 title");
    expect(plainFieldName("returnDate")).toBe("return date");
  });
});
