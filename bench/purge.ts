/**
 * Retention's purge rate: expired idempotency records deleted per second by `purgeInBatches`
 * (1000 rows a statement), on SQLite and PostgreSQL, from a table holding `rows` due records.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  localDatabase,
  purgeInBatches,
  type IdempotencyStore,
} from "../src/server/index.ts";
import type { BenchRow } from "./measure.ts";

const COLUMNS =
  "scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at, attempts, in_doubt";
const VALUES = "'bench-purge', 'k' || i, 'fp', 'completed', 't', 0, 1, '{}', 0, 0, 1, 0";

/** Rows per second that `store` purges from `rows` due records in table `table`. */
async function purgeRate(store: IdempotencyStore, table: string, rows: number): Promise<number> {
  await store.init();
  const db = localDatabase(store, []);
  const fill =
    db.dialect === "postgres"
      ? `INSERT INTO ${table} (${COLUMNS}) SELECT ${VALUES} FROM generate_series(1, :n) AS g(i)`
      : `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM g WHERE i < :n)
         INSERT INTO ${table} (${COLUMNS}) SELECT ${VALUES} FROM g`;
  await db.query(fill, { n: rows });
  const started = performance.now();
  const purged = await purgeInBatches((limit) => store.purgeExpired(1, limit), {
    limit: 1_000,
    maxBatches: 1_000,
  });
  const seconds = (performance.now() - started) / 1000;
  return purged / seconds;
}

/** The purge-rate rows (PostgreSQL with DATABASE_URL). */
export async function benchPurge(): Promise<BenchRow[]> {
  const rows = 20_000;
  const dir = mkdtempSync(join(tmpdir(), "purge-bench-"));
  const out: BenchRow[] = [];
  try {
    const sqlite = createSqliteStore(join(dir, "purge.sqlite"));
    out.push({
      name: `retention purge, SQLite, ${rows} expired records, 1000 a statement (rows/s)`,
      value: Math.round(await purgeRate(sqlite, "idempotency_records", rows)),
    });
    await sqlite.close();
    const url = process.env.DATABASE_URL;
    if (url) {
      const table = "idempotency_purge_bench";
      const postgres = createPostgresStore({ connectionString: url, table });
      out.push({
        name: `retention purge, PostgreSQL, ${rows} expired records, 1000 a statement (rows/s)`,
        value: Math.round(await purgeRate(postgres, table, rows)),
      });
      await postgres.close();
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
