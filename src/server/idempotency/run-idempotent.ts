/**
 * Runs a side effect at most once per (caller scope, idempotency key), with the semantics of
 * Stripe's idempotent requests and the IETF Idempotency-Key draft:
 *
 * - the key is claimed atomically before the side effect;
 * - a repeat with the same key and arguments gets the stored answer (`replayed`), success or
 *   non-retryable failure alike;
 * - the same key with other arguments is `key_reused`;
 * - a repeat while the first still runs waits up to `waitMs` for it, then is `in_progress`;
 * - a retryable failure releases the key, so the retry runs again (the side effect itself
 *   must be idempotent downstream — e.g. the payment provider gets the same key);
 * - a claim older than `leaseMs` is stale (its owner crashed) and the next repeat takes it
 *   over and runs again — safe for the same reason.
 */
import { NEXT_ACTIONS } from "../next-action.ts";
import { ToolFailure } from "../tool-failure.ts";
import { fingerprint } from "./fingerprint.ts";
import type { IdempotencyStore } from "./store.ts";

/**
 * The code a write tool answers when its idempotency store failed before the side effect
 * (both stores are databases). It names no idempotency: ErrorState reads `IDEMPOTENCY…` as a
 * clash with an earlier request, and this one is an outage to wait out.
 */
export const STORE_UNAVAILABLE = "DATABASE_UNAVAILABLE";

/**
 * The store could not claim the key, so the side effect never started: retryable with the
 * same key, and nothing changed. Without this, a driver error reached the tool server as an
 * unexpected one (`INTERNAL`, `changes: "unknown"`), telling the person a booking might have
 * happened when it cannot have.
 */
function storeUnavailable(cause: unknown): ToolFailure {
  return new ToolFailure(
    {
      code: STORE_UNAVAILABLE,
      message: "The service could not record this request just now; nothing was done.",
      retryable: true,
      retry_after_seconds: 5,
      next_action: NEXT_ACTIONS.retrySameKey,
      changes: "none",
    },
    { cause },
  );
}

/** Timing of `runIdempotent`. */
export interface IdempotencyTiming {
  /** How long a finished record is kept (default 24 h). */
  ttlMs: number;
  /** How long a claim may run before it counts as stale (default 30 s). */
  leaseMs: number;
  /** How long a repeat waits for a running first request before `in_progress` (default 5 s). */
  waitMs: number;
}

/** Defaults: 24 h records, 30 s lease, 5 s wait. */
export const DEFAULT_IDEMPOTENCY_TIMING: IdempotencyTiming = {
  ttlMs: 24 * 3_600_000,
  leaseMs: 30_000,
  waitMs: 5_000,
};

/** What the side effect returned. `T` must survive JSON (it is stored and replayed). */
export type Attempt<T> =
  /** Success, or a failure that retrying cannot fix: stored and replayed. */
  | { final: true; value: T }
  /** A failure a retry may fix: not stored; the key is released. */
  | { final: false; value: T };

/** What `runIdempotent` says happened. */
export type IdempotentOutcome<T> =
  | { state: "fresh"; value: T; recovered: boolean; stored: boolean }
  | { state: "replayed"; value: T }
  | { state: "key_reused" }
  | { state: "in_progress"; retryAfterSeconds: number };

/** Arguments of `runIdempotent`. */
export interface IdempotentRequest<T> {
  store: IdempotencyStore;
  scope: string;
  key: string;
  /** The request's arguments without the key; hashed into the fingerprint. */
  args: unknown;
  /** The side effect. Called at most once per successful claim. */
  execute(): Promise<Attempt<T>>;
  timing?: Partial<IdempotencyTiming>;
  now?: () => number;
  /** Told when storing a result failed after the side effect ran (for the log). */
  onStoreError?(error: unknown): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `execute` under the key. A store failure before the side effect is thrown as a
 * `ToolFailure` with code {@link STORE_UNAVAILABLE} (retryable, `changes: "none"`: nothing
 * happened); a store failure after it is reported to `onStoreError` and the fresh value is
 * still returned (the side effect did happen). What `execute` throws is rethrown as it is.
 */
export async function runIdempotent<T>(
  request: IdempotentRequest<T>,
): Promise<IdempotentOutcome<T>> {
  const { store, scope, key } = request;
  const timing = { ...DEFAULT_IDEMPOTENCY_TIMING, ...request.timing };
  const now = request.now ?? Date.now;
  const print = fingerprint(request.args);
  // The wait is measured on the monotonic clock: `now` may be a test's frozen clock.
  const deadline = performance.now() + timing.waitMs;
  let pause = 10;
  for (;;) {
    const claim = await store
      .claim({
        scope,
        key,
        fingerprint: print,
        now: now(),
        ttlMs: timing.ttlMs,
        leaseMs: timing.leaseMs,
      })
      .catch((error: unknown) => {
        throw storeUnavailable(error);
      });
    if (claim.state === "mismatch") return { state: "key_reused" };
    if (claim.state === "completed")
      return { state: "replayed", value: JSON.parse(claim.response.body) as T };
    if (claim.state === "in_progress") {
      const remaining = deadline - performance.now();
      if (remaining <= 0) {
        const untilStale = Math.max(0, claim.lockedUntil - now());
        return {
          state: "in_progress",
          retryAfterSeconds: Math.max(1, Math.min(Math.ceil(untilStale / 1000), 2)),
        };
      }
      await sleep(Math.min(pause, remaining));
      pause = Math.min(pause * 2, 200);
      continue;
    }
    let attempt: Attempt<T>;
    try {
      attempt = await request.execute();
    } catch (error) {
      // A crash mid-way: give the key back so a retry can run (downstream idempotency makes it safe).
      await store.release(scope, key, claim.token).catch(() => {});
      throw error;
    }
    if (!attempt.final) {
      await store
        .release(scope, key, claim.token)
        .catch((error: unknown) => request.onStoreError?.(error));
      return { state: "fresh", value: attempt.value, recovered: claim.recovered, stored: false };
    }
    let stored = false;
    try {
      stored = await store.complete(scope, key, claim.token, {
        body: JSON.stringify(attempt.value),
      });
    } catch (error) {
      request.onStoreError?.(error);
    }
    return { state: "fresh", value: attempt.value, recovered: claim.recovered, stored };
  }
}
