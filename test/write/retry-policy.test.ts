// @vitest-environment node
/** The retry policy with no DOM: the wait, one attempt at a time, the count. */
import { describe, expect, it, vi } from "vitest";
import {
  createRetryPolicy,
  retryRemaining,
  retryStart,
  retryWaitSeconds,
} from "../../src/write/retry-policy.ts";

describe("createRetryPolicy", () => {
  it("waits from the start, refuses an attempt until the wait is over, and waits again after it", async () => {
    let now = 1_000;
    let snapshot = retryStart(now);
    const policy = createRetryPolicy(
      (next) => (snapshot = next),
      snapshot,
      () => now,
    );
    const run = vi.fn();
    await policy.attempt(run, 2);
    expect(run).not.toHaveBeenCalled();
    now += 1000;
    expect(retryRemaining(snapshot, 2, now)).toBe(1);
    now += 1000;
    expect(retryRemaining(snapshot, 2, now)).toBe(0);
    await policy.attempt(run, 2);
    expect(run).toHaveBeenCalledTimes(1);
    // The wait starts again from the end of the attempt.
    expect(retryRemaining(snapshot, 2, now)).toBe(2);
  });

  it("runs one attempt at a time, counts it, and survives a throwing handler", async () => {
    let snapshot = retryStart();
    const policy = createRetryPolicy((next) => (snapshot = next), snapshot);
    let release: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = policy.attempt(run, 0);
    void policy.attempt(run, 0);
    expect(snapshot.running).toBe(true);
    release();
    await first;
    expect(run).toHaveBeenCalledTimes(1);
    await policy.attempt(() => {
      throw new Error("boom");
    }, 0);
    expect(snapshot).toMatchObject({ attempts: 2, running: false });
  });

  it("reads retry_after_seconds as a bounded wait", () => {
    expect(retryWaitSeconds(3)).toBe(3);
    expect(retryWaitSeconds(1e9)).toBe(3600);
    for (const bad of [Number.NaN, -1, "5", null, undefined]) expect(retryWaitSeconds(bad)).toBe(0);
  });
});
