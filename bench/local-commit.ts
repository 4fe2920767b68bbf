/**
 * What a local effect costs on PostgreSQL: `runIdempotent` whose side effect is one row in an
 * app table (`Attempt.local`, committed with the record), in process, idle (one call at a
 * time) and loaded (8 at once), with the claim's flush deferred (one durable commit per call)
 * and not (two). Subtracting the no-store run of the same runner gives the store's overhead.
 */
import { randomUUID } from "node:crypto";
import { localDatabase, type IdempotencyStore } from "../src/server/index.ts";
import { runIdempotent } from "../src/server/idempotency/index.ts";
import type { BenchRow } from "./measure.ts";

const percentileOf = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};

/** One commit whose effect is the row `id` of an app table, committed with the record. */
function localCommit(store: IdempotencyStore, id: string, deferClaimFlush: boolean) {
  return runIdempotent({
    store,
    scope: "bench-local",
    key: `local-${id}`,
    args: { id },
    deferClaimFlush,
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
): Promise<number> {
  const table = localDatabase(store, [
    "CREATE TABLE IF NOT EXISTS bench_local_rows (id TEXT PRIMARY KEY, body TEXT NOT NULL)",
  ]);
  await table.ready();
  const times: number[] = [];
  const one = async (measure: boolean) => {
    const id = randomUUID();
    const started = performance.now();
    await localCommit(store, id, deferClaimFlush);
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

/** What one call sent to PostgreSQL: round trips, statements, and the commits that flush. */
interface Traffic {
  roundTrips: number;
  statements: number;
  durableCommits: number;
}

/**
 * The traffic of one local commit on `store` (PostgreSQL), counted at the driver: every query
 * the pool's clients send is a round trip; a commit waits for its flush unless its connection
 * runs `synchronous_commit=off` (the deferred pool of the claim).
 */
async function localCommitTraffic(store: IdempotencyStore): Promise<Traffic> {
  const { default: pg } = await import("pg");
  const traffic: Traffic = { roundTrips: 0, statements: 0, durableCommits: 0 };
  const prototype = pg.Client.prototype as unknown as {
    query: (this: unknown, query: unknown, ...rest: unknown[]) => unknown;
  };
  const send = prototype.query;
  const inTransaction = new WeakSet<object>();
  prototype.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
    const text = typeof query === "string" ? query : ((query as { text?: string }).text ?? "");
    const client = this as { connectionParameters?: { options?: string } };
    const deferred = String(client.connectionParameters?.options ?? "").includes(
      "synchronous_commit=off",
    );
    const parts = text.split(";").filter((part) => part.trim().length > 0);
    traffic.roundTrips += 1;
    traffic.statements += parts.length;
    for (const part of parts) {
      const word = part.trim().split(/\s+/)[0]!.toUpperCase();
      if (word === "BEGIN") inTransaction.add(client);
      else if (word === "COMMIT") {
        inTransaction.delete(client);
        if (!deferred) traffic.durableCommits += 1;
      } else if (!inTransaction.has(client) && !deferred && word !== "SELECT")
        traffic.durableCommits += 1;
    }
    return send.call(this, query, ...rest);
  };
  try {
    const id = randomUUID();
    await localCommit(store, id, true);
  } finally {
    prototype.query = send;
  }
  return traffic;
}

/** Rows for `store` (PostgreSQL), against `noStoreMicros` (the runner with no store). */
export async function benchLocalCommit(
  store: IdempotencyStore,
  noStoreMicros: number,
): Promise<BenchRow[]> {
  const idle = await localCommitP50(store, 500, 1, true);
  const loaded = await localCommitP50(store, 800, 8, true);
  const twoFlushes = await localCommitP50(store, 500, 1, false);
  const traffic = await localCommitTraffic(store);
  return [
    {
      name: "local effect on PostgreSQL: round trips / statements / durable commits per call",
      value: `${traffic.roundTrips} / ${traffic.statements} / ${traffic.durableCommits}`,
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
  ];
}
