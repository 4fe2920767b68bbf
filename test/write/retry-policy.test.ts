// @vitest-environment node
/** The retry policy with no DOM: the wait, one attempt at a time, the count. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createRetryPolicy,
  retryRemaining,
  retryWaitSeconds,
} from "../../src/write/retry-policy.ts";

describe("createRetryPolicy", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits from the start, refuses an attempt until the wait is over, and ticks to its end", async () => {
    const policy = createRetryPolicy();
    const run = vi.fn();
    await policy.attempt(run, 2);
    expect(run).not.toHaveBeenCalled();
    const stop = policy.tick(2);
    vi.advanceTimersByTime(1000);
    expect(retryRemaining(policy.getSnapshot(), 2)).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(retryRemaining(policy.getSnapshot(), 2)).toBe(0);
    stop();
    await policy.attempt(run, 2);
    expect(run).toHaveBeenCalledTimes(1);
    // The wait starts again from the end of the attempt.
    expect(retryRemaining(policy.getSnapshot(), 2)).toBe(2);
  });

  it("runs one attempt at a time, counts it, and survives a throwing handler", async () => {
    const policy = createRetryPolicy();
    let release: () => void = () => {};
    const run = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const first = policy.attempt(run, 0);
    void policy.attempt(run, 0);
    expect(policy.getSnapshot().running).toBe(true);
    release();
    await first;
    expect(run).toHaveBeenCalledTimes(1);
    await policy.attempt(() => {
      throw new Error("boom");
    }, 0);
    expect(policy.getSnapshot()).toMatchObject({ attempts: 2, running: false });
  });

  it("reads retry_after_seconds as a bounded wait", () => {
    expect(retryWaitSeconds(3)).toBe(3);
    expect(retryWaitSeconds(1e9)).toBe(3600);
    for (const bad of [Number.NaN, -1, "5", null, undefined]) expect(retryWaitSeconds(bad)).toBe(0);
  });
});
