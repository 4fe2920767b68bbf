/**
 * The kit's retention: expired drafts, rate-limit windows that ended and idempotency records
 * past their TTL are deleted in bounded batches (`purgeExpired(…, limit)`), so the tables stop
 * growing. `purgeInBatches` empties what is due now; `startRetention` does it on a timer in
 * the server, from any number of processes at once.
 */
import { DEFAULT_PURGE_BATCH } from "./bounded-delete.ts";

/** One purge: deletes at most `limit` rows that are due, returns how many. */
export type Purge = (limit: number) => Promise<number>;

/**
 * Runs `purge` batch after batch until a batch comes back short (nothing more is due) or
 * `maxBatches` ran; returns how many rows went. Each batch is its own short statement.
 */
export async function purgeInBatches(
  purge: Purge,
  options: { limit?: number; maxBatches?: number } = {},
): Promise<number> {
  const limit = options.limit ?? DEFAULT_PURGE_BATCH;
  const maxBatches = options.maxBatches ?? 100;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await purge(limit);
    total += deleted;
    if (deleted < limit) break;
  }
  return total;
}

/**
 * Purges on a timer (first round at once) until the returned `stop` is called. The timer does
 * not keep the process alive; a round still running when the next is due is not doubled.
 */
export function startRetention(options: {
  /**
   * The purges, e.g. `(n) => store.purgeExpired(Date.now(), n)`, `(n) => drafts.purgeExpired(n)`:
   * each deletes at most `limit` rows that are due and returns how many.
   */
  purges: ReadonlyArray<(limit: number) => Promise<number>>;
  /** How often (ms); default every 10 minutes. */
  everyMs?: number;
  /** Rows per statement; default 1000. */
  limit?: number;
  /** Told of a round that failed (a database outage): the next round tries again. */
  onError?(error: unknown): void;
  /** Told how many rows a round deleted, when it deleted any. */
  onPurged?(rows: number): void;
}): { stop(): Promise<void> } {
  const everyMs = options.everyMs ?? 10 * 60_000;
  if (!(everyMs > 0)) throw new RangeError("everyMs must be above 0");
  let running: Promise<void> | undefined;
  const round = () => {
    running ??= (async () => {
      let rows = 0;
      for (const purge of options.purges) {
        try {
          rows += await purgeInBatches(purge, options.limit ? { limit: options.limit } : {});
        } catch (error) {
          options.onError?.(error);
        }
      }
      if (rows > 0) options.onPurged?.(rows);
    })().finally(() => (running = undefined));
  };
  round();
  const timer = setInterval(round, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
