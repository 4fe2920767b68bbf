/**
 * What a local effect costs on PostgreSQL: `runIdempotent` whose side effect is one row in an
 * app table (`Attempt.local`, committed with the record), in process, idle (one call at a
 * time) and loaded (8 at once), with the claim's flush deferred (one durable commit per call)
 * and not (two), and judged first (`judgeFirst`: the claim in the transaction of the row and
 * the completion). Subtracting the no-store run of the same runner gives the store's overhead.
 */
import { randomUUID } from "node:crypto";
import { localDatabase, type IdempotencyStore } from "../src/server/index.ts";
import { runIdempotent } from "../src/server/idempotency/index.ts";
import type { BenchRow } from "./measure.ts";
import { pgTraffic, trafficText } from "./pg-traffic.ts";

const percentileOf = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};

/** One commit whose effect is the row `id` of an app table, committed with the record. */
function localCommit(
  store: IdempotencyStore,
  id: string,
  deferClaimFlush: boolean,
  judgeFirst = false,
) {
  return runIdempotent({
    store,
    scope: "bench-local",
    key: `local-${id}`,
    args: { id },
    deferClaimFlush,
    judgeFirst,
    execute: async () => ({
      final: true,
      value: id,
      local: async (tx) => {
        await tx.query("INSERT INTO bench_local_rows (id, body) VALUES (:id, :body)", {
          id,
          body: "booked",
        });
      },
    }),
  });
}

/** p50 (µs) of `calls` local commits, `concurrency` at a time, after a warm-up. */
async function localCommitP50(
  store: IdempotencyStore,
  calls: number,
  concurrency: number,
  deferClaimFlush: boolean,
  judgeFirst = false,
): Promise<number> {
  const table = localDatabase(store, [
    "CREATE TABLE IF NOT EXISTS bench_local_rows (id TEXT PRIMARY KEY, body TEXT NOT NULL)",
  ]);
  await table.ready();
  const times: number[] = [];
  const one = async (measure: boolean) => {
    const id = randomUUID();
    const started = performance.now();
    await localCommit(store, id, deferClaimFlush, judgeFirst);
    if (measure) times.push((performance.now() - started) * 1000);
  };
  for (let i = 0; i < 50; i++) await one(false);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < calls) await one(true);
    }),
  );
  return percentileOf(times, 0.5);
}

/** Rows for `store` (PostgreSQL), against `noStoreMicros` (the runner with no store). */
export async function benchLocalCommit(
  store: IdempotencyStore,
  noStoreMicros: number,
): Promise<BenchRow[]> {
  const idle = await localCommitP50(store, 500, 1, true);
  const loaded = await localCommitP50(store, 800, 8, true);
  const twoFlushes = await localCommitP50(store, 500, 1, false);
  const traffic = await pgTraffic(() => localCommit(store, randomUUID(), true));
  // Judged first: the claim joins the transaction of the row and the completion.
  const judgedIdle = await localCommitP50(store, 500, 1, true, true);
  const judgedLoaded = await localCommitP50(store, 800, 8, true, true);
  const judgedTraffic = await pgTraffic(() => localCommit(store, randomUUID(), true, true));
  return [
    {
      name: "local effect on PostgreSQL: round trips / statements / durable commits per call",
      value: trafficText(traffic),
    },
    {
      name: "local effect (row + record, one durable commit), PostgreSQL − no store, idle (p50 µs)",
      value: Math.round(idle - noStoreMicros),
      goal: "≤ 1000",
    },
    {
      name: "local effect, PostgreSQL − no store, 8 concurrent (p50 µs)",
      value: Math.round(loaded - noStoreMicros),
      goal: "≤ 1000",
    },
    {
      name: "local effect with the claim flushed on its own (two durable commits) − no store, idle (p50 µs)",
      value: Math.round(twoFlushes - noStoreMicros),
    },
    {
      name: "local effect judged first (claim, row and completion in one transaction): round trips / statements / durable commits",
      value: trafficText(judgedTraffic),
    },
    {
      name: "local effect judged first, PostgreSQL − no store, idle (p50 µs)",
      value: Math.round(judgedIdle - noStoreMicros),
      goal: "≤ 1000",
    },
    {
      name: "local effect judged first, PostgreSQL − no store, 8 concurrent (p50 µs)",
      value: Math.round(judgedLoaded - noStoreMicros),
    },
  ];
}
