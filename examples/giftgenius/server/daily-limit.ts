/**
 * A per-caller, per-UTC-day counter in the shared store, so the limit holds across server
 * processes, sessions and restarts (an in-memory count let a new process grant a fresh limit).
 */
import { utcDay, type SharedState } from "./state/shared-state.ts";

/** Counts uses per caller per day; `take` resolves false once `limit` is reached. */
export interface DailyLimit {
  take(caller: string, now: number): Promise<boolean>;
}

/** A daily limit of `limit` uses per caller, counted in `state`. */
export function createDailyLimit(state: SharedState, limit: number): DailyLimit {
  return { take: (caller, now) => state.takeDaily(caller, utcDay(now), limit) };
}
