/**
 * Server benchmarks (`npm run bench` runs `benchServer()`; `tsx bench/server.ts` alone prints it):
 *
 * - commit_order latency over Streamable HTTP with the idempotency store, against the same
 *   handler with a store that does nothing (no claim, no record), on SQLite and PostgreSQL in
 *   the same run. Goal: the store costs at most 1.5× the latency without it. The app's own
 *   tables — the fake payment provider's ledger among them — are on SQLite in every run, so
 *   the difference is the store's alone (a real provider's write costs the same either way).
 * - the cost of OAuth: the SQLite target once more with bearer-token verification (jose, RS256,
 *   a cached key set), against the same target whose connection is one fixed person.
 * - throughput of distinct keys with 1, 2 and 4 server processes sharing one PostgreSQL, all
 *   commits by one user and by one user per client.
 *
 * PostgreSQL rows need DATABASE_URL (`eval "$(scripts/ci-postgres.sh)"`); without it they say so.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { randomUUID } from "node:crypto";
import { recordsOf, type RecordStore } from "../src/server/idempotency/store.ts";
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
} from "@modelcontextprotocol/client";
import { createGiftGenius } from "../examples/giftgenius/server/app.ts";
import { readConfig } from "../examples/giftgenius/server/config.ts";
import { setFaults } from "../examples/giftgenius/server/faults.ts";
import { spawnServer, type ServerProcess } from "../scripts/spawn-server.ts";
import {
  createPostgresStore,
  createSqliteStore,
  serveHttp,
  silentLogger,
  type IdempotencyStore,
} from "../src/server/index.ts";
import { CONFIRMATION_META } from "../src/contract/confirmation.ts";
import { createTokenVerifier } from "../src/server/auth/index.ts";
import { runIdempotent } from "../src/server/idempotency/index.ts";
import { createTestIssuer, type TestIssuer } from "../test/server/test-issuer.ts";
import { benchLocalCommit } from "./local-commit.ts";
import type { BenchRow } from "./measure.ts";
import { pgTraffic, trafficText, type Traffic } from "./pg-traffic.ts";

/** The caller of targets without token verification (the connection is this one person). */
const BENCH_PRINCIPAL = { issuer: "local", subject: "bench", scopes: ["orders:write"] };

/** Clients speak the current protocol revision. */
const MODERN = { versionNegotiation: { mode: { pin: "2026-07-28" } } } as const;

/** The handler without idempotency: every request "claims", nothing is read or written. */
export function noStore(): RecordStore {
  return {
    name: "none",
    init: async () => {},
    claim: async () => ({
      state: "claimed",
      token: "t",
      effectKey: randomUUID().replaceAll("-", ""),
      attempt: 1,
      recovered: false,
      captured: undefined,
      inDoubt: false,
    }),
    capture: async () => true,
    complete: async () => true,
    reopen: async () => true,
    renew: async () => true,
    peek: async () => ({ state: "in_progress", lockedUntil: 0 }),
    peekSubject: async () => ({ state: "absent" }),
    peekKey: async () => ({ state: "absent" }),
    claimInDoubt: async () => undefined,
    purgeExpired: async () => 0,
    close: async () => {},
  };
}

/**
 * `store` without its one-write fresh claim (`claimFresh`): a judge-first commit then claims
 * and captures in two round trips, as every commit did before — the same database, table and
 * statements otherwise, so set against `store` in one run the difference is that round trip.
 */
function claimApart(store: IdempotencyStore): IdempotencyStore {
  const { claimFresh: _dropped, ...records } = recordsOf(store);
  // Closed once, by the target of `store` itself: the two share one pool.
  return { ...records, name: `${store.name}-apart`, close: async () => {} } as RecordStore;
}

export async function connect(url: string, token?: string): Promise<Client> {
  const client = new Client({ name: "bench", version: "1.0.0" }, MODERN);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

/** A draft to commit, as the widget sends it: its id and the proof from the result's `_meta`. */
export async function draftId(
  client: Client,
): Promise<{ draft_id: string; confirmation: unknown }> {
  const result = (await client.callTool({
    name: "prepare_order",
    arguments: { gift_id: "gift-0001" },
  })) as CallToolResult;
  return {
    draft_id: (result.structuredContent as { draft: { draft_id: string } }).draft.draft_id,
    confirmation: result._meta?.[CONFIRMATION_META],
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * A server in this process with `store`, and a client with a draft to commit. With `issuer`
 * every request carries a bearer token the server verifies; without, the connection is
 * `BENCH_PRINCIPAL` and nothing is verified.
 */
export async function latencyTarget(
  store: IdempotencyStore,
  dir: string,
  issuer?: TestIssuer,
  ledgerUrl?: string,
) {
  const app = await createGiftGenius(
    {
      ...readConfig({}),
      port: 0,
      widgetDist: join(dir, "none"),
      sqliteFile: join(dir, `state-${randomUUID()}.sqlite`),
      // The app's own tables (the payment ledger) on PostgreSQL too, as deployed; else SQLite.
      ...(ledgerUrl ? { databaseUrl: ledgerUrl } : {}),
    },
    silentLogger,
    {
      store,
      ...(issuer
        ? { auth: { issuer: issuer.issuer, audience: issuer.audience, jwks: issuer.jwks } }
        : {}),
    },
  );
  const http = app.http;
  const endpoint = await serveHttp({
    createServer: (context) =>
      app.tools.createServer(context, http ? {} : { principal: BENCH_PRINCIPAL }),
    log: silentLogger,
    port: 0,
    ...(http ? { authenticate: http.authenticate } : {}),
  });
  const client = await connect(endpoint.url, issuer ? await issuer.mint() : undefined);
  const times: number[] = [];
  return {
    times,
    async commit(record: boolean) {
      // A draft places one order whatever the key: each commit confirms a draft of its own,
      // prepared outside the timed call.
      const draft = await draftId(client);
      const started = performance.now();
      const result = (await client.callTool({
        name: "commit_order",
        arguments: { ...draft, idempotency_key: `bench-${randomUUID()}` },
      })) as CallToolResult;
      if (record) times.push(performance.now() - started);
      if (result.isError)
        throw new Error(`commit failed: ${JSON.stringify(result.structuredContent)}`);
    },
    async close() {
      await client.close();
      await endpoint.close();
      await app.close();
    },
  };
}

/**
 * p50/p95 commit latency (ms) per store, each over `calls` sequential commits with distinct keys,
 * and what one warm commit sent to PostgreSQL (nothing, for a store elsewhere: the app's own
 * tables are SQLite here).
 */
async function commitLatencies(
  stores: Array<{ store: IdempotencyStore; issuer?: TestIssuer }>,
  dir: string,
  calls: number,
): Promise<Array<{ p50: number; p95: number; traffic: Traffic }>> {
  const targets = [];
  for (const { store, issuer } of stores) targets.push(await latencyTarget(store, dir, issuer));
  try {
    for (const target of targets) for (let i = 0; i < 20; i++) await target.commit(false); // warm-up
    const traffic: Traffic[] = [];
    for (const target of targets) traffic.push(await pgTraffic(() => target.commit(false)));
    // Blocks of 20 calls per store, in rotating order: a block never shares the database with
    // another store's writes, and load drift hits every store alike.
    const BLOCK = 20;
    for (let round = 0; round < Math.ceil(calls / BLOCK); round++) {
      for (let j = 0; j < targets.length; j++) {
        const target = targets[(round + j) % targets.length]!;
        for (let i = 0; i < BLOCK; i++) await target.commit(true);
      }
    }
    return targets.map(({ times }, i) => {
      const sorted = [...times].sort((a, b) => a - b);
      return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), traffic: traffic[i]! };
    });
  } finally {
    for (const target of targets) await target.close();
  }
}

/**
 * What one warm commit_order sends to PostgreSQL when GiftGenius' own tables are there too:
 * the payment ledger's charge (the fake provider's write, a stand-in for a provider's own
 * durable write elsewhere) joins the store's statements; `ledger` is that share alone.
 */
async function deployedTraffic(
  databaseUrl: string,
  dir: string,
): Promise<{ all: Traffic; ledger: Traffic }> {
  const store = createPostgresStore({ connectionString: databaseUrl, table: "idempotency_bench" });
  const target = await latencyTarget(store, dir, undefined, databaseUrl);
  try {
    for (let i = 0; i < 5; i++) await target.commit(false);
    return {
      all: await pgTraffic(() => target.commit(false)),
      ledger: await pgTraffic(
        () => target.commit(false),
        (text) => text.includes("giftgenius_payments"),
      ),
    };
  } finally {
    await target.close();
  }
}

/**
 * p50 (µs) of `runIdempotent` alone, in process, with a side effect that does nothing: the
 * store's own cost per write (claim + completion), without HTTP or the app around it. `asCommit`
 * runs it as `runCommit` does — the claim deferred and bound to a draft, the capture (the one
 * durable commit), and a completion that may be redone, deferred — and, `"judge first"`, as
 * commit_order does: the claim and the capture one write.
 */
async function storeMicros(
  store: IdempotencyStore,
  runs: number,
  asCommit: false | "claim first" | "judge first" = false,
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs + 50; i++) {
    const started = performance.now();
    await runIdempotent({
      store,
      scope: "bench",
      key: `micro-${randomUUID()}`,
      args: { i },
      ...(asCommit ? { deferClaimFlush: true, subject: `draft:${randomUUID()}` } : {}),
      ...(asCommit === "judge first" ? { judgeFirst: true } : {}),
      execute: async (effect) => {
        if (!asCommit) return { final: true, value: 1 };
        await effect.capture({ i });
        return { final: true, value: 1, deferFlush: true };
      },
    });
    if (i >= 50) times.push((performance.now() - started) * 1000); // the first 50 warm up
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/** p50 of verifying one RS256 access token in process (µs): the part of OAuth every request pays. */
async function verifyMicros(issuer: TestIssuer, runs: number): Promise<number> {
  const verifier = createTokenVerifier({
    issuer: issuer.issuer,
    audience: issuer.audience,
    jwks: issuer.jwks,
  });
  const token = await issuer.mint();
  for (let i = 0; i < 100; i++) await verifier.verify(token); // warm-up (loads jose, imports the key)
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const verified = await verifier.verify(token);
    times.push((performance.now() - started) * 1000);
    if (!verified.ok) throw new Error(`bench token refused: ${verified.reason}`);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

/**
 * Commits per second over `durationMs`, distinct keys, spread over `processes` servers on one
 * PostgreSQL, by one signed-in person (every commit in one caller scope) or by one person per
 * client (no row any two clients share, so the processes can scale).
 */
async function throughput(
  databaseUrl: string,
  processes: number,
  durationMs: number,
  concurrency: number,
  users: "one" | "distinct",
): Promise<number> {
  const issuer = await createTestIssuer({ serve: true });
  const env = {
    ...issuer.env(),
    DATABASE_URL: databaseUrl,
    GIFTGENIUS_SECRET: "bench-secret",
    GIFTGENIUS_DAILY_LIMIT: "1000000",
  };
  const servers: ServerProcess[] = await Promise.all(
    Array.from({ length: processes }, () => spawnServer(env)),
  );
  const shared = await issuer.mint({ sub: `bench-${randomUUID()}` });
  const clients = await Promise.all(
    servers.flatMap((server) =>
      Array.from({ length: concurrency / processes }, async () => {
        const token =
          users === "one" ? shared : await issuer.mint({ sub: `bench-${randomUUID()}` });
        const client = await connect(server.url, token);
        return { client };
      }),
    ),
  );
  try {
    let done = 0;
    const end = performance.now() + durationMs;
    const started = performance.now();
    await Promise.all(
      clients.map(async ({ client }) => {
        while (performance.now() < end) {
          // One order per draft (single use), and a draft is signed for its owner: each
          // person prepares, then confirms, as a purchase does; orders/s counts both calls.
          const draft = await draftId(client);
          const result = (await client.callTool({
            name: "commit_order",
            arguments: { ...draft, idempotency_key: `tp-${randomUUID()}` },
          })) as CallToolResult;
          if (result.isError)
            throw new Error(`commit failed: ${JSON.stringify(result.structuredContent)}`);
          done += 1;
        }
      }),
    );
    return done / ((performance.now() - started) / 1000);
  } finally {
    await Promise.all(clients.map(({ client }) => client.close().catch(() => {})));
    await Promise.all(servers.map((server) => server.stop()));
    await issuer.close();
  }
}

/** Runs the server benchmarks (about 30-40 s with PostgreSQL). */
export async function benchServer(): Promise<BenchRow[]> {
  setFaults("");
  const rows: BenchRow[] = [];
  const dir = mkdtempSync(join(tmpdir(), "giftgenius-bench-"));
  const calls = 200;
  try {
    const databaseUrl = process.env.DATABASE_URL;
    const issuer = await createTestIssuer();
    const sqliteStore = createSqliteStore(join(dir, "bench.sqlite"));
    // The same SQLite store with and without token verification: the difference is OAuth's cost.
    const stores: Array<{ store: IdempotencyStore; issuer?: TestIssuer }> = [
      { store: noStore() },
      { store: sqliteStore },
      { store: sqliteStore, issuer },
    ];
    if (databaseUrl) {
      const postgresStore = createPostgresStore({
        connectionString: databaseUrl,
        table: "idempotency_bench",
      });
      stores.push({ store: postgresStore });
      stores.push({
        store: createPostgresStore({
          connectionString: databaseUrl,
          table: "idempotency_bench",
          synchronousCommit: false,
        }),
      });
      // The same store, claim and capture apart: the round trip the one-write claim saves.
      stores.push({ store: claimApart(postgresStore) });
    }
    for (const { store } of new Set(stores)) await store.init();
    // Before the HTTP targets, which close their stores when done.
    const micros = databaseUrl
      ? {
          none: await storeMicros(stores[0]!.store, 500),
          postgres: await storeMicros(stores[3]!.store, 500),
          relaxed: await storeMicros(stores[4]!.store, 500),
          noneAsCommit: await storeMicros(stores[0]!.store, 500, "claim first"),
          postgresAsCommit: await storeMicros(stores[3]!.store, 500, "claim first"),
          noneJudgeFirst: await storeMicros(stores[0]!.store, 500, "judge first"),
          postgresJudgeFirst: await storeMicros(stores[3]!.store, 500, "judge first"),
        }
      : undefined;
    const [baseline, sqlite, authed, postgres, relaxed, apart] = await commitLatencies(
      stores,
      dir,
      calls,
    );
    const verifyP50 = await verifyMicros(issuer, 2_000);
    await issuer.close();
    rows.push({
      name: "commit_order p50 over HTTP, no idempotency store (ms)",
      value: round(baseline!.p50),
    });
    rows.push({ name: "commit_order p50 over HTTP, SQLite store (ms)", value: round(sqlite!.p50) });
    rows.push({ name: "commit_order p95 over HTTP, SQLite store (ms)", value: round(sqlite!.p95) });
    rows.push({
      name: "commit_order SQLite store / no store (p50 ratio)",
      value: round(sqlite!.p50 / baseline!.p50),
      goal: "≤ 1.5",
    });
    rows.push({
      name: "commit_order p50 over HTTP, SQLite store, bearer token verified (ms)",
      value: round(authed!.p50),
    });
    rows.push({
      name: "commit_order token verification overhead (p50 with − without, ms)",
      value: round(authed!.p50 - sqlite!.p50),
    });
    rows.push({
      name: "bearer token verification alone, RS256 + aud/iss/exp (p50 µs, in process)",
      value: round(verifyP50, 0),
    });
    if (!databaseUrl || !postgres) {
      rows.push({
        name: "PostgreSQL benchmarks",
        value: 'skipped: DATABASE_URL not set (eval "$(scripts/ci-postgres.sh)")',
      });
      return rows;
    }
    if (micros) {
      rows.push({
        name: "runIdempotent alone, PostgreSQL store − no store (p50 µs: claim + completion)",
        value: round(micros.postgres - micros.none, 0),
        goal: "≤ 1000",
      });
      // The same two statements without waiting for the WAL flush: what is not the disk.
      rows.push({
        name: "runIdempotent alone, PostgreSQL synchronous_commit=off − no store (p50 µs)",
        value: round(micros.relaxed - micros.none, 0),
      });
      rows.push({
        name: "runIdempotent as runCommit runs it (deferred claim, durable capture, deferred completion), PostgreSQL − no store (p50 µs)",
        value: round(micros.postgresAsCommit - micros.noneAsCommit, 0),
      });
      // What commit_order's store share is without HTTP around it: set against the HTTP row
      // below, the rest is what the same two round trips cost inside a server at work.
      rows.push({
        name: "runIdempotent as commit_order runs it (judge first: claim + capture in one durable write, deferred completion), PostgreSQL − no store (p50 µs)",
        value: round(micros.postgresJudgeFirst - micros.noneJudgeFirst, 0),
      });
    }
    if (micros) {
      const local = createPostgresStore({
        connectionString: databaseUrl,
        table: "idempotency_bench",
      });
      try {
        rows.push(...(await benchLocalCommit(local, micros.none)));
      } finally {
        await local.close();
      }
    }
    rows.push({
      name: "commit_order on the PostgreSQL store: round trips / statements / durable commits",
      value: trafficText(postgres.traffic),
    });
    const deployed = await deployedTraffic(databaseUrl, dir);
    rows.push({
      name: "commit_order as deployed (its ledger on PostgreSQL too): round trips / statements / durable commits",
      value: trafficText(deployed.all),
    });
    // The fake provider's own write: a real provider pays it on its side, with or without a
    // store, so the latency rows above keep the ledger out of PostgreSQL in every run.
    rows.push({
      name: "  of which the fake payment provider's ledger (not the store's)",
      value: trafficText(deployed.ledger),
    });
    rows.push({
      name: "commit_order p50 over HTTP, PostgreSQL store (ms)",
      value: round(postgres.p50),
    });
    rows.push({
      name: "commit_order p95 over HTTP, PostgreSQL store (ms)",
      value: round(postgres.p95),
    });
    rows.push({
      name: "commit_order PostgreSQL store − no store (p50 ms)",
      value: round(postgres.p50 - baseline!.p50),
      goal: "≤ 1",
    });
    rows.push({
      name: "commit_order PostgreSQL store / no store (p50 ratio)",
      value: round(postgres.p50 / baseline!.p50),
      goal: "≤ 1.5",
    });
    // The same store with the claim and the capture apart, interleaved with the rows above.
    rows.push(
      {
        name: "commit_order on the PostgreSQL store, claim and capture apart: round trips / statements / durable commits",
        value: trafficText(apart!.traffic),
      },
      {
        name: "commit_order p50 over HTTP, PostgreSQL store, claim and capture apart (ms)",
        value: round(apart!.p50),
      },
      {
        name: "commit_order PostgreSQL store, claim and capture apart − no store (p50 ms)",
        value: round(apart!.p50 - baseline!.p50),
      },
    );
    rows.push({
      name: "commit_order p50 over HTTP, PostgreSQL store, synchronous_commit=off (ms)",
      value: round(relaxed!.p50),
    });
    rows.push({
      name: "commit_order PostgreSQL (synchronous_commit=off) / no store (p50 ratio)",
      value: round(relaxed!.p50 / baseline!.p50),
      goal: "≤ 1.5",
    });
    for (const users of ["one", "distinct"] as const) {
      for (const processes of [1, 2, 4]) {
        const perSecond = await throughput(databaseUrl, processes, 4_000, 8, users);
        rows.push({
          name: `prepare → commit_order throughput, ${processes} process(es) on one PostgreSQL, distinct keys, ${users === "one" ? "one user" : "distinct users"} (orders/s)`,
          value: round(perSecond, 0),
        });
      }
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const rows = await benchServer();
  console.table(rows);
  console.log(`server bench: ${round((performance.now() - started) / 1000, 1)} s`);
}
