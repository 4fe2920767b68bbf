/**
 * A retry that respects the server: absent when the error is not retryable, counting down
 * `retry_after_seconds` before it enables, disabled while the retry runs, and giving up after
 * a few attempts instead of hammering a failing service.
 */
import { useEffect, useRef, useState } from "react";
import { clampRetryAfterSeconds } from "../contract/limits.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import { IS_DEV } from "./dev.ts";

/** How many retries a RetryButton allows by default before it says to try later. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Props of `RetryButton`. */
export interface RetryButtonProps {
  /** From the error: `false` renders nothing. */
  readonly retryable: boolean;
  /** From the error: seconds to wait before each attempt (clamped to an hour). */
  readonly retryAfterSeconds?: number;
  /** Runs the retry. The button stays disabled until the returned promise settles. */
  readonly onRetry: () => unknown;
  /** Attempts allowed before the button is replaced by "try again later". Default 3. */
  readonly maxAttempts?: number;
}

function waitSeconds(value: number | undefined): number {
  // The contract's clamp (limits.ts has no valibot, so the widget's bundle stays small).
  return typeof value === "number" && Number.isFinite(value) ? clampRetryAfterSeconds(value) : 0;
}

/** `data-action="retry"`: the retry control of an error. */
export function RetryButton({
  retryable,
  retryAfterSeconds,
  onRetry,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
}: RetryButtonProps) {
  const { m } = useI18n();
  const wait = waitSeconds(retryAfterSeconds);
  // The wait runs from mount and again from the end of each failed attempt; `remaining` is
  // derived from the current `wait`, so a new error's hint applies at once.
  const [waitStartedAt, setWaitStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(waitStartedAt);
  const [attempts, setAttempts] = useState(0);
  const [running, setRunning] = useState(false);
  const runningRef = useRef(false);
  const deadline = waitStartedAt + wait * 1000;
  const remaining = retryable ? Math.max(0, Math.ceil((deadline - now) / 1000)) : 0;

  useEffect(() => {
    if (!retryable || deadline <= Date.now()) return;
    // A quarter-second tick keeps the shown number within 250 ms of the truth, also when
    // the tab was throttled; it stops at the deadline.
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [retryable, deadline]);

  if (!retryable) return null;
  if (attempts >= maxAttempts) {
    return (
      <p className="wk-muted" role="status">
        {m.retryExhausted}
      </p>
    );
  }

  async function retry() {
    if (runningRef.current || remaining > 0) return;
    runningRef.current = true;
    setRunning(true);
    try {
      await onRetry();
    } catch {
      // the caller shows its own error; a throwing handler must not break the button
    } finally {
      runningRef.current = false;
      const ended = Date.now();
      setWaitStartedAt(ended);
      setNow(ended);
      setRunning(false);
      setAttempts((count) => count + 1);
    }
  }

  const label = running ? m.retrying : remaining > 0 ? m.retryIn(remaining) : m.retry;
  // Screen readers hear the wait when it starts and when it ends, not every second: the
  // text changes only at those two moments.
  const spoken = running || wait === 0 ? "" : remaining > 0 ? m.retryWait(wait) : m.retryReady;
  return (
    <div className="wk-row">
      <button
        type="button"
        className="wk-button wk-button--primary"
        data-action="retry"
        disabled={running || remaining > 0}
        onClick={retry}
      >
        {label}
      </button>
      <span className="wk-visually-hidden" role="status">
        {spoken}
      </span>
    </div>
  );
}
if (IS_DEV) RetryButton.displayName = "RetryButton";
