/** A per-caller, per-UTC-day counter (in process; a shared deployment would keep it in the store). */

/** Counts uses per caller per day; `take` is false once `limit` is reached. */
export interface DailyLimit {
  take(caller: string, now: number): boolean;
}

/** A daily limit of `limit` uses per caller. */
export function createDailyLimit(limit: number): DailyLimit {
  let day = -1;
  let counts = new Map<string, number>();
  return {
    take(caller, now) {
      const today = Math.floor(now / 86_400_000);
      if (today !== day) {
        day = today;
        counts = new Map();
      }
      const used = counts.get(caller) ?? 0;
      if (used >= limit) return false;
      counts.set(caller, used + 1);
      return true;
    },
  };
}
