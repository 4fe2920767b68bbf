/**
 * The kit's retention loop: batches until a batch comes back short, a round at start and on
 * a timer, failures reported and retried next round, and `stop` waits for a running round.
 */
import { startRetention } from "../../src/server/index.ts";
import { purgeInBatches } from "../../src/server/stores/index.ts";

describe("retention", () => {
  it("purges batch after batch until one comes back short, and stops at maxBatches", async () => {
    let due = 2_500;
    const purge = async (limit: number) => {
      const deleted = Math.min(limit, due);
      due -= deleted;
      return deleted;
    };
    expect(await purgeInBatches(purge, { limit: 1_000 })).toBe(2_500);
    due = 5_000;
    expect(await purgeInBatches(purge, { limit: 1_000, maxBatches: 2 })).toBe(2_000);
  });

  it("runs a round at once, reports what failed without stopping the other purges, and stop waits for the round", async () => {
    const errors: unknown[] = [];
    const purged: number[] = [];
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const retention = startRetention({
      everyMs: 3_600_000,
      purges: [
        async () => {
          throw new Error("database down");
        },
        async () => {
          await slow;
          return 3;
        },
      ],
      onError: (error) => errors.push(error),
      onPurged: (rows) => purged.push(rows),
    });
    const stopped = retention.stop();
    release();
    await stopped;
    expect(errors).toHaveLength(1);
    expect(purged).toEqual([3]);
    expect(() => startRetention({ purges: [], everyMs: 0 })).toThrow(RangeError);
  });
});
