/**
 * A retry that respects the server: absent when the error is not retryable, counting down
 * `retry_after_seconds` before it enables, disabled while the retry runs, and giving up after
 * a few attempts instead of hammering a failing service.
 */
import { useEffect, useState } from "react";
import { useI18n } from "../i18n/use-i18n.ts";
import {
  createRetryPolicy,
  DEFAULT_MAX_ATTEMPTS,
  retryRemaining,
  retryStart,
  retryWaitSeconds,
} from "../write/retry-policy.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

export { DEFAULT_MAX_ATTEMPTS };

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

/** `data-action="retry"`: the retry control of an error. */
export function RetryButton({
  retryable,
  retryAfterSeconds,
  onRetry,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
}: RetryButtonProps) {
  const { m } = useI18n();
  // The wait runs from mount and again from the end of each failed attempt (the policy's
  // rules, src/write/retry-policy.ts); a new error's hint applies at once.
  const [snapshot, setSnapshot] = useState(retryStart);
  const [policy] = useState(() => createRetryPolicy(setSnapshot, snapshot));
  const [now, setNow] = useState(snapshot.from);
  const wait = retryWaitSeconds(retryAfterSeconds);
  const remaining = retryable ? retryRemaining(snapshot, wait, Math.max(now, snapshot.from)) : 0;
  const { running } = snapshot;
  const deadline = snapshot.from + wait * 1000;

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
  if (snapshot.attempts >= maxAttempts) {
    return (
      <p className="wk-muted" role="status">
        {m.retryExhausted}
      </p>
    );
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
        onClick={() => policy.attempt(onRetry, wait)}
      >
        {label}
      </button>
      <span className="wk-visually-hidden" role="status">
        {spoken}
      </span>
    </div>
  );
}
if (IS_DEV) (RetryButton as DevNamed).displayName = "RetryButton";
