/**
 * The daily search limit per caller: the kit's rate limiter with a one-day window (the UTC
 * day), counted in the shared store, so the limit holds across server processes, sessions
 * and restarts (an in-memory count let a new process grant a fresh limit).
 */
import { createRateLimiter, type IdempotencyStore } from "mcp-widget-kit/server";

/** Counts uses per caller per UTC day; `take` resolves false once the limit is reached. */
export interface DailyLimit {
  take(caller: string): Promise<boolean>;
  /** Drops the counts of days that ended, at most `limit` of them; returns how many. */
  purge(limit?: number): Promise<number>;
}

/** A daily limit of `limit` searches per caller, in the database of `store`. */
export function createDailyLimit(
  store: IdempotencyStore,
  limit: number,
  now: () => number,
): DailyLimit {
  const limiter = createRateLimiter(store, {
    name: "giftgenius_searches",
    limit,
    windowMs: 86_400_000,
    now,
  });
  return {
    take: async (caller) => (await limiter.take(caller)).ok,
    purge: (limit) => limiter.purgeExpired(limit),
  };
}
