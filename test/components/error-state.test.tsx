// @vitest-environment jsdom
import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorState, UNREADABLE_RESULT } from "../../src/components/error-state.tsx";
import type { ToolError } from "../../src/contract/index.ts";
import { HOST_CALL_FAILED } from "../../src/hooks/index.ts";
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
  ],
};

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, "clipboard", { value, configurable: true });
}

describe("ErrorState", () => {
  afterEach(() => setClipboard(undefined));

  it("is an alert with the message, every field error, the next action and the request id", () => {
    renderWithHost(<ErrorState error={validation} onRetry={() => {}} />);
    const alert = screen.getByRole("alert");
    expect(within(alert).getByRole("heading")).toHaveTextContent("Something went wrong");
    expect(alert).toHaveTextContent("3 fields are invalid.");
    const items = within(alert).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("age: Must be between 0 and 120. For example: 35");
    expect(items[1]).toHaveTextContent("budget_min: budget_min must not exceed budget_max.");
    expect(alert).toHaveTextContent(
      "What to do next: Fix the fields and call suggest_gifts again.",
    );
    expect(within(alert).getByLabelText("Request ID")).toHaveValue("req_42");
    // Not retryable: no retry, even with a handler.
    expect(alert.querySelector('[data-action="retry"]')).toBeNull();
  });

  it("says what happened to the write", () => {
    const { rerender } = renderWithHost(
      <ErrorState error={{ code: "X", message: "m", retryable: true, changes: "none" }} />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Nothing was created.");
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

  it("renders payload text as text", () => {
    const { container } = renderWithHost(
      <ErrorState
        error={{
          code: "X",
          message: '<img src=x onerror="window.__pwned=1">',
          retryable: false,
          next_action: "<b>bold</b>",
        }}
      />,
    );
    expect(container.querySelector("img, b")).toBeNull();
    expect(screen.getByRole("alert")).toHaveTextContent('<img src=x onerror="window.__pwned=1">');
  });
});
