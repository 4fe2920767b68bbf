// @vitest-environment jsdom
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RetryButton } from "../../src/components/retry-button.tsx";
import { MAX_RETRY_AFTER_SECONDS } from "../../src/contract/limits.ts";
import { renderWithHost } from "./helpers.tsx";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("RetryButton", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("is absent when the error is not retryable", () => {
    const { container } = renderWithHost(<RetryButton retryable={false} onRetry={() => {}} />);
    expect(container.querySelector('[data-action="retry"]')).toBeNull();
    expect(container).toBeEmptyDOMElement();
  });

  it("counts retry_after_seconds down, visibly, and enables at the end", () => {
    const onRetry = vi.fn();
    renderWithHost(<RetryButton retryable retryAfterSeconds={3} onRetry={onRetry} />);
    const button = screen.getByRole("button");
    expect(button).toHaveAttribute("data-action", "retry");
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("Try again in 3 s");
    act(() => void vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent("Try again in 2 s");
    fireEvent.click(button);
    expect(onRetry).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1000));
    expect(button).toHaveTextContent("Try again in 1 s");
    act(() => void vi.advanceTimersByTime(1000));
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent("Try again");
  });

  it("announces the wait politely at its start and end only", () => {
    renderWithHost(<RetryButton retryable retryAfterSeconds={3} onRetry={() => {}} />);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("You can try again in 3 seconds.");
    act(() => void vi.advanceTimersByTime(1000));
    expect(status).toHaveTextContent("You can try again in 3 seconds."); // unchanged mid-way
    act(() => void vi.advanceTimersByTime(2000));
    expect(status).toHaveTextContent("You can try again now.");
  });

  it("is disabled while the retry runs, and a burst of clicks runs it once", async () => {
    const pending = deferred();
    const onRetry = vi.fn(() => pending.promise);
    renderWithHost(<RetryButton retryable onRetry={onRetry} />);
    const button = screen.getByRole("button");
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent("Trying again…");
    await act(async () => pending.resolve());
    expect(button).toBeEnabled();
  });

  it("waits again after a failed attempt and stops after maxAttempts", async () => {
    const onRetry = vi.fn(async () => {});
    renderWithHost(
      <RetryButton retryable retryAfterSeconds={2} onRetry={onRetry} maxAttempts={2} />,
    );
    for (let attempt = 1; attempt <= 2; attempt++) {
      act(() => void vi.advanceTimersByTime(2000));
      const button = screen.getByRole("button");
      expect(button).toBeEnabled();
      await act(async () => void fireEvent.click(button));
      expect(onRetry).toHaveBeenCalledTimes(attempt);
      if (attempt < 2) expect(screen.getByRole("button")).toBeDisabled();
    }
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("Please try again later.");
  });

  it("survives a throwing handler", async () => {
    const onRetry = vi.fn(() => {
      throw new Error("boom");
    });
    renderWithHost(<RetryButton retryable onRetry={onRetry} />);
    await act(async () => void fireEvent.click(screen.getByRole("button")));
    expect(screen.getByRole("button")).toBeEnabled();
  });

  it("clamps an absurd wait to the contract's maximum", () => {
    renderWithHost(<RetryButton retryable retryAfterSeconds={1e12} onRetry={() => {}} />);
    expect(screen.getByRole("button")).toHaveTextContent(
      `Try again in ${MAX_RETRY_AFTER_SECONDS} s`,
    );
    expect(screen.getByRole("button")).toHaveTextContent("Try again in 3600 s");
  });
});
