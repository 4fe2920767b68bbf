/**
 * When a retry may run, with no framework: it waits `retry_after_seconds` from the start and
 * again from the end of each failed attempt, runs one attempt at a time, and gives up after a
 * few attempts instead of hammering a failing service. RetryButton is its face.
 */
import { clampRetryAfterSeconds } from "../contract/limits.ts";

/** How many retries are allowed by default before "try again later". */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Where the retries are: when the current wait started, the clock's last tick, the count. */
export interface RetrySnapshot {
  readonly waitStartedAt: number;
  readonly now: number;
  readonly attempts: number;
  readonly running: boolean;
}

/** The retries of one error, observable. */
export interface RetryPolicy {
  getSnapshot(): RetrySnapshot;
  subscribe(listener: () => void): () => void;
  /** Runs `run` unless an attempt is running or `wait` seconds have not passed; never rejects. */
  attempt(run: () => unknown, wait: number): Promise<void>;
  /** Ticks the clock every 250 ms until `wait` seconds from the wait's start; returns the stop. */
  tick(wait: number): () => void;
}

/** A server's `retry_after_seconds` as a wait: clamped to an hour; anything else is none. */
export function retryWaitSeconds(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? clampRetryAfterSeconds(value) : 0;
}

/** Whole seconds left of a `wait`-second wait at `snapshot`. */
export function retryRemaining(snapshot: RetrySnapshot, wait: number): number {
  return Math.max(0, Math.ceil((snapshot.waitStartedAt + wait * 1000 - snapshot.now) / 1000));
}

/** The retry policy of one error; `clock` is for tests. */
export function createRetryPolicy(clock: () => number = Date.now): RetryPolicy {
  const started = clock();
  let snapshot: RetrySnapshot = {
    waitStartedAt: started,
    now: started,
    attempts: 0,
    running: false,
  };
  const listeners = new Set<() => void>();
  const set = (next: Partial<RetrySnapshot>) => {
    snapshot = { ...snapshot, ...next };
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async attempt(run, wait) {
      if (snapshot.running || retryRemaining({ ...snapshot, now: clock() }, wait) > 0) return;
      set({ running: true });
      try {
        await run();
      } catch {
        // the caller shows its own error; a throwing handler must not break the retries
      }
      const ended = clock();
      set({ running: false, waitStartedAt: ended, now: ended, attempts: snapshot.attempts + 1 });
    },
    tick(wait) {
      const deadline = snapshot.waitStartedAt + wait * 1000;
      if (deadline <= clock()) return () => {};
      // A quarter-second tick keeps the shown number within 250 ms of the truth, also when
      // the tab was throttled; it stops at the deadline.
      const timer = setInterval(() => {
        const time = clock();
        set({ now: time });
        if (time >= deadline) clearInterval(timer);
      }, 250);
      return () => clearInterval(timer);
    },
  };
}
