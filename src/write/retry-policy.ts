/**
 * When a retry may run, with no framework: it waits `retry_after_seconds` from the start and
 * again from the end of each failed attempt, runs one attempt at a time, and counts them, so
 * the caller can give up after a few instead of hammering a failing service. RetryButton is
 * its face (and owns the clock that redraws the countdown).
 */
import { clampRetryAfterSeconds } from "../contract/limits.ts";

/** How many retries are allowed by default before "try again later". */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Where the retries are: when the current wait started (ms), the attempts made, one running. */
export interface RetrySnapshot {
  readonly from: number;
  readonly attempts: number;
  readonly running: boolean;
}

/** The retries of one error. */
export interface RetryPolicy {
  /** Runs `run` unless an attempt is running or `wait` seconds have not passed; never rejects. */
  attempt(run: () => unknown, wait: number): Promise<void>;
}

/** A server's `retry_after_seconds` as a wait: clamped to an hour; anything else is none. */
export function retryWaitSeconds(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? clampRetryAfterSeconds(value) : 0;
}

/** Whole seconds left, at `now`, of a `wait`-second wait. */
export function retryRemaining(snapshot: RetrySnapshot, wait: number, now: number): number {
  return Math.max(0, Math.ceil((snapshot.from + wait * 1000 - now) / 1000));
}

/**
 * The retry policy of one error: `onChange` hears every new snapshot (the first is `initial`,
 * from `retryStart`); `clock` is for tests.
 */
export function createRetryPolicy(
  onChange: (snapshot: RetrySnapshot) => void,
  initial: RetrySnapshot,
  clock: () => number = Date.now,
): RetryPolicy {
  let snapshot = initial;
  const set = (next: RetrySnapshot) => onChange((snapshot = next));
  return {
    async attempt(run, wait) {
      if (snapshot.running || retryRemaining(snapshot, wait, clock()) > 0) return;
      set({ ...snapshot, running: true });
      try {
        await run();
      } catch {
        // the caller shows its own error; a throwing handler must not break the retries
      }
      set({ from: clock(), attempts: snapshot.attempts + 1, running: false });
    },
  };
}

/** The snapshot before any attempt: the wait starts at `now`. */
export const retryStart = (now: number = Date.now()): RetrySnapshot => ({
  from: now,
  attempts: 0,
  running: false,
});
