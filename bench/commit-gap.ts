/**
 * Where the PostgreSQL store's share of a commit_order over HTTP goes (`tsx bench/commit-gap.ts`,
 * DATABASE_URL set): one run, commits in alternating blocks against the same app with no store
 * and with the PostgreSQL store (durable, and `synchronous_commit=off`), and for each:
 *
 * - the HTTP p50 (ms) and the CPU time of this process per commit (µs: server, client and the
 *   driver all run here, so a CPU cost of the store shows as a difference);
 * - for the PostgreSQL targets, the p50 of the time spent inside the store's calls (µs) and the
 *   p50 of one round trip of each statement, timed at the driver;
 * - the bytes of the commit's response.
 *
 * Set against each other, the gap splits into the store's own waits (round trips, the WAL flush)
 * and what the server does around them. Last, one trivial durable INSERT's round trip on its own
 * connection, sent straight after the previous one and sent after as much CPU work as a commit
 * over HTTP does: what the machine alone adds to a round trip when the process was busy before
 * it (on the 2-core VMs here, most of the HTTP gap).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordsOf, type RecordStore } from "../src/server/idempotency/store.ts";
import { createPostgresStore, type IdempotencyStore } from "../src/server/index.ts";
import { latencyTarget, noStore, percentile, round } from "./server.ts";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is needed");

const p50 = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

/** `store` with the wall time of every call summed into `spent` (per commit, reset by the caller). */
function timed(store: IdempotencyStore, spent: { us: number; calls: string[] }): IdempotencyStore {
  const records = recordsOf(store);
  const wrapped = { ...records } as Record<string, unknown>;
  for (const [name, value] of Object.entries(records)) {
    if (typeof value !== "function" || name === "init" || name === "close") continue;
    wrapped[name] = async (...args: unknown[]) => {
      const started = performance.now();
      try {
        return await (value as (...a: unknown[]) => Promise<unknown>).apply(records, args);
      } finally {
        spent.us += (performance.now() - started) * 1000;
        spent.calls.push(name);
      }
    };
  }
  return wrapped as unknown as RecordStore;
}

/** Every pg query's round trip (µs), by the first words of its text. */
async function driverTimes(): Promise<Map<string, number[]>> {
  const { default: pg } = await import("pg");
  const times = new Map<string, number[]>();
  const prototype = pg.Client.prototype as unknown as {
    query: (this: unknown, query: unknown, ...rest: unknown[]) => unknown;
  };
  const send = prototype.query;
  prototype.query = function (this: unknown, query: unknown, ...rest: unknown[]) {
    const text = typeof query === "string" ? query : ((query as { text?: string }).text ?? "");
    const label = text.replace(/\s+/g, " ").slice(0, 60);
    const started = performance.now();
    const done = () => {
      const list = times.get(label) ?? [];
      list.push((performance.now() - started) * 1000);
      times.set(label, list);
    };
    // The pool passes a callback; a client's own query returns a promise.
    const last = rest.length > 0 ? rest[rest.length - 1] : undefined;
    if (typeof last === "function") {
      rest[rest.length - 1] = (...answer: unknown[]) => {
        done();
        return (last as (...a: unknown[]) => unknown)(...answer);
      };
      return send.call(this, query, ...rest);
    }
    const result = send.call(this, query, ...rest);
    if (result && typeof (result as Promise<unknown>).then === "function")
      void (result as Promise<unknown>).then(done, () => {});
    return result;
  };
  return times;
}

/**
 * p50 (µs) of one durable INSERT round trip of a few bytes, after `busyUs` of CPU work in this
 * process (0: straight after the previous round trip).
 */
async function bareRoundTrip(busyUs: number): Promise<number> {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const table = `commit_gap_${process.pid}`;
  await client.query(`CREATE TABLE ${table} (k integer PRIMARY KEY)`);
  try {
    const times: number[] = [];
    let sink = 0;
    for (let i = 0; i < 1_200; i++) {
      const until = performance.now() + busyUs / 1000;
      while (performance.now() < until) sink += Math.sqrt(i + sink);
      const started = performance.now();
      await client.query({ name: "insert", text: `INSERT INTO ${table} VALUES ($1)`, values: [i] });
      if (i >= 200) times.push((performance.now() - started) * 1000);
    }
    // `sink` is read, so the busy loop cannot be optimised away.
    return sink < 0 ? -1 : p50(times);
  } finally {
    await client.query(`DROP TABLE ${table}`);
    await client.end();
  }
}

const dir = mkdtempSync(join(tmpdir(), "commit-gap-"));
try {
  const durable = createPostgresStore({
    connectionString: databaseUrl,
    table: "idempotency_bench",
  });
  const relaxed = createPostgresStore({
    connectionString: databaseUrl,
    table: "idempotency_bench",
    synchronousCommit: false,
  });
  await durable.init();
  await relaxed.init();
  const spent = {
    none: { us: 0, calls: [] as string[] },
    durable: { us: 0, calls: [] as string[] },
    relaxed: { us: 0, calls: [] as string[] },
  };
  const targets = {
    none: await latencyTarget(timed(noStore(), spent.none), dir),
    durable: await latencyTarget(timed(durable, spent.durable), dir),
    relaxed: await latencyTarget(timed(relaxed, spent.relaxed), dir),
  };
  const names = Object.keys(targets) as Array<keyof typeof targets>;
  for (const name of names) for (let i = 0; i < 30; i++) await targets[name].commit(false);
  // `ONLY=durable tsx --cpu-prof bench/commit-gap.ts`: that target alone, for a CPU profile.
  const only = process.env.ONLY as keyof typeof targets | undefined;
  if (only) {
    const { Session } = await import("node:inspector/promises");
    const { writeFileSync } = await import("node:fs");
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 100 });
    await session.post("Profiler.start");
    for (let i = 0; i < 600; i++) await targets[only].commit(false);
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(process.env.PROFILE_OUT ?? `${only}.cpuprofile`, JSON.stringify(profile));
    for (const target of Object.values(targets)) await target.close();
    process.exit(0);
  }
  const driver = await driverTimes();
  const perCommit = Object.fromEntries(
    names.map((name) => [
      name,
      { http: [] as number[], cpu: [] as number[], store: [] as number[] },
    ]),
  ) as Record<keyof typeof targets, { http: number[]; cpu: number[]; store: number[] }>;
  const BLOCK = 20;
  for (let block = 0; block < 15; block++)
    for (let j = 0; j < names.length; j++) {
      const name = names[(block + j) % names.length]!;
      for (let i = 0; i < BLOCK; i++) {
        spent[name].us = 0;
        spent[name].calls = [];
        const cpu = process.cpuUsage();
        await targets[name].commit(true);
        perCommit[name].http.push(targets[name].times.at(-1)!);
        const used = process.cpuUsage(cpu);
        perCommit[name].cpu.push(used.user + used.system);
        perCommit[name].store.push(spent[name].us);
      }
    }
  const rows: Array<{ measure: string; value: number | string }> = [];
  for (const name of names)
    rows.push(
      { measure: `${name}: commit over HTTP p50 (ms)`, value: round(p50(perCommit[name].http), 3) },
      {
        measure: `${name}: CPU per prepare+commit p50 (µs)`,
        value: round(p50(perCommit[name].cpu), 0),
      },
      { measure: `${name}: in store calls p50 (µs)`, value: round(p50(perCommit[name].store), 0) },
      { measure: `${name}: store calls`, value: spent[name].calls.join(", ") },
    );
  for (const [label, list] of driver)
    rows.push({
      measure: `driver round trip p50 (µs), n=${list.length}: ${label}`,
      value: round(p50(list), 0),
    });
  for (const target of Object.values(targets)) await target.close();
  const busy = round(p50(perCommit.none.http) * 1000, 0);
  rows.push(
    {
      measure: "bare durable INSERT round trip p50 (µs), back to back",
      value: round(await bareRoundTrip(0), 0),
    },
    {
      measure: `bare durable INSERT round trip p50 (µs), after ${busy} µs of CPU (a commit's)`,
      value: round(await bareRoundTrip(busy), 0),
    },
  );
  console.table(rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
