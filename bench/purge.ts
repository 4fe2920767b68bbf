/**
 * Retention's purge rates: expired idempotency records, expired drafts and ended rate-limit
 * windows deleted per second by `purgeInBatches` (1000 rows a statement), on SQLite and
 * PostgreSQL, each from a table holding `rows` due rows.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createDraftStore,
  createPostgresStore,
  createRateLimiter,
  createSqliteStore,
  localDatabase,
  type IdempotencyStore,
} from "../src/server/index.ts";
import { purgeInBatches, type Purge } from "../src/server/stores/index.ts";
import type { BenchRow } from "./measure.ts";

const COLUMNS =
  "scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at, attempts, in_doubt";
const VALUES = "'bench-purge', 'k' || i, 'fp', 'completed', 't', 0, 1, '{}', 0, 0, 1, 0";

/** `rows` generated rows of `columns` = `values` (over `i`) into `table`, on either database. */
function fillSql(dialect: "sqlite" | "postgres", table: string, columns: string, values: string) {
  return dialect === "postgres"
    ? `INSERT INTO ${table} (${columns}) SELECT ${values} FROM generate_series(1, :n) AS g(i)`
    : `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < :n)
       INSERT INTO ${table} (${columns}) SELECT ${values} FROM g`;
}

/** Rows per second that `purge` deletes once `fill` put `rows` due rows in place. */
async function timedPurge(
  store: IdempotencyStore,
  fill: (dialect: "sqlite" | "postgres") => string,
  rows: number,
  purge: Purge,
): Promise<number> {
  await store.init();
  // Makes the table, deleting nothing due yet.
  await purge(1);
  const db = localDatabase(store, []);
  await db.query(fill(db.dialect), { n: rows });
  const started = performance.now();
  const purged = await purgeInBatches(purge, { limit: 1_000, maxBatches: 1_000 });
  const seconds = (performance.now() - started) / 1000;
  return purged / seconds;
}

/** Purge rates per table of `store` (records in `table`). */
async function purgeRates(store: IdempotencyStore, table: string, rows: number) {
  const name = `bench_${Date.now()}`;
  const drafts = createDraftStore(store, { name, ttlMs: 1, now: () => 10 });
  const limiter = createRateLimiter(store, { name, limit: 1, windowMs: 1, now: () => 10 });
  return {
    records: await timedPurge(
      store,
      (dialect) => fillSql(dialect, table, COLUMNS, VALUES),
      rows,
      (limit) => store.purgeExpired(1, limit),
    ),
    drafts: await timedPurge(
      store,
      (dialect) =>
        fillSql(
          dialect,
          "widget_kit_drafts",
          "name, draft_id, scope, body, created_at, expires_at",
          `'${name}', 'drf_' || i, 's', '{}', 0, 1`,
        ),
      rows,
      (limit) => drafts.purgeExpired(limit),
    ),
    windows: await timedPurge(
      store,
      (dialect) =>
        fillSql(
          dialect,
          "widget_kit_rate_limits",
          "name, scope, window_start, used",
          `'${name}', 's' || i, 0, 1`,
        ),
      rows,
      (limit) => limiter.purgeExpired(limit),
    ),
  };
}

/** The rows of one store's rates. */
function rateRows(label: string, rows: number, rates: Awaited<ReturnType<typeof purgeRates>>) {
  return [
    [`${rows} expired records`, rates.records],
    [`${rows} expired drafts`, rates.drafts],
    [`${rows} ended rate-limit windows`, rates.windows],
  ].map(([what, value]) => ({
    name: `retention purge, ${label}, ${String(what)}, 1000 a statement (rows/s)`,
    value: Math.round(Number(value)),
  }));
}

/** The purge-rate rows (PostgreSQL with DATABASE_URL). */
export async function benchPurge(): Promise<BenchRow[]> {
  const rows = 20_000;
  const dir = mkdtempSync(join(tmpdir(), "purge-bench-"));
  const out: BenchRow[] = [];
  try {
    const sqlite = createSqliteStore(join(dir, "purge.sqlite"));
    out.push(...rateRows("SQLite", rows, await purgeRates(sqlite, "idempotency_records", rows)));
    await sqlite.close();
    const url = process.env.DATABASE_URL;
    if (url) {
      const table = "idempotency_purge_bench";
      const postgres = createPostgresStore({ connectionString: url, table });
      out.push(...rateRows("PostgreSQL", rows, await purgeRates(postgres, table, rows)));
      await postgres.close();
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
