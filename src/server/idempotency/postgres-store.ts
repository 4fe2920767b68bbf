/** The PostgreSQL idempotency store (`pg`): shared by every server process on one database. */
import { randomUUID } from "node:crypto";
import type { Pool } from "pg";
import { importOptionalPeer } from "../../peer-deps/optional-peer.ts";
import {
  claimResultOf,
  type ClaimRequest,
  type ClaimResult,
  type IdempotencyStore,
  type StoredResponse,
} from "./store.ts";

interface Row {
  fingerprint: string;
  status: "pending" | "completed";
  token: string;
  locked_at: string;
  lease_ms: number;
  response: string | null;
  expires_at: string;
}

const COLUMNS = "fingerprint, status, token, locked_at, lease_ms, response, expires_at";

/** Options of the PostgreSQL store. */
export interface PostgresStoreOptions {
  connectionString: string;
  /** Pool size per process; default 10. */
  maxConnections?: number;
  /** Table name; default `idempotency_records`. */
  table?: string;
  /**
   * `false` sets `synchronous_commit = off` for this store's connections: a claim or record
   * no longer waits for the WAL flush (about one disk sync each), at the price of losing the
   * last fraction of a second of records if PostgreSQL itself crashes. A lost record only
   * makes a retry run the side effect again, which is safe when the side effect is idempotent
   * downstream (as an example app's payments are). Default `true` (durable).
   */
  synchronousCommit?: boolean;
}

/**
 * An idempotency store on PostgreSQL. Each statement is atomic on its own; no transaction
 * spans a call, so a claim costs one write (plus a read when the key is taken). Needs the
 * optional peer dependency `pg`, loaded on first use (`init()`); without it that call throws
 * a `MissingPeerError` naming the package.
 */
export function createPostgresStore(options: PostgresStoreOptions): IdempotencyStore {
  const table = options.table ?? "idempotency_records";
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table))
    throw new TypeError("table must be a plain lower-case identifier");
  let opened: Promise<Pool> | undefined;
  // The driver is loaded when the store is first used, so an app without PostgreSQL never
  // installs it.
  const connect = (): Promise<Pool> =>
    (opened ??= importOptionalPeer("pg", "createPostgresStore", () => import("pg")).then(
      ({ default: pg }) => {
        const pool = new pg.Pool({
          connectionString: options.connectionString,
          max: options.maxConnections ?? 10,
          connectionTimeoutMillis: 5_000,
        });
        // An idle client that loses its connection must not crash the process.
        pool.on("error", () => {});
        if (options.synchronousCommit === false) {
          pool.on("connect", (client) => {
            client.query("SET synchronous_commit = off").catch(() => {});
          });
        }
        return pool;
      },
    ));

  return {
    name: "postgres",
    async init() {
      // Concurrent CREATE TABLE IF NOT EXISTS from several processes can still collide on the
      // type catalog; an advisory lock serialises it.
      const client = await (await connect()).connect();
      try {
        await client.query("SELECT pg_advisory_lock(727274)");
        await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
          scope TEXT NOT NULL,
          key TEXT NOT NULL,
          fingerprint TEXT NOT NULL,
          status TEXT NOT NULL,
          token TEXT NOT NULL,
          locked_at BIGINT NOT NULL,
          lease_ms INTEGER NOT NULL,
          response TEXT,
          created_at BIGINT NOT NULL,
          expires_at BIGINT NOT NULL,
          PRIMARY KEY (scope, key)
        )`);
        await client.query(`CREATE INDEX IF NOT EXISTS ${table}_expires ON ${table} (expires_at)`);
      } finally {
        await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
        client.release();
      }
    },
    async claim(request: ClaimRequest): Promise<ClaimResult> {
      const pool = await connect();
      const { scope, key, fingerprint, now, ttlMs, leaseMs } = request;
      const token = randomUUID();
      // One statement claims a free key or an expired record; the primary key makes it atomic.
      const inserted = await pool.query(
        `INSERT INTO ${table} AS r (scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at)
         VALUES ($1, $2, $3, 'pending', $4, $5, $6, NULL, $5, $7)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = 'pending', token = EXCLUDED.token,
           locked_at = EXCLUDED.locked_at, lease_ms = EXCLUDED.lease_ms, response = NULL, created_at = EXCLUDED.created_at,
           expires_at = EXCLUDED.expires_at
         WHERE r.expires_at <= EXCLUDED.locked_at`,
        [scope, key, fingerprint, token, now, leaseMs, now + ttlMs],
      );
      if (inserted.rowCount === 1) return { state: "claimed", token, recovered: false };
      const { rows } = await pool.query<Row>(
        `SELECT ${COLUMNS} FROM ${table} WHERE scope = $1 AND key = $2`,
        [scope, key],
      );
      const row = rows[0];
      if (!row) return { state: "in_progress", lockedUntil: now };
      const found = claimResultOf(row, fingerprint);
      if (found.state === "in_progress" && found.lockedUntil <= now) {
        // Stale claim: the conditional update lets exactly one recoverer win.
        const taken = await pool.query(
          `UPDATE ${table} SET token = $1, locked_at = $2, lease_ms = $3 WHERE scope = $4 AND key = $5 AND token = $6 AND status = 'pending'`,
          [token, now, leaseMs, scope, key, row.token],
        );
        if (taken.rowCount === 1) return { state: "claimed", token, recovered: true };
      }
      return found;
    },
    async complete(scope, key, token, response: StoredResponse) {
      const pool = await connect();
      const result = await pool.query(
        `UPDATE ${table} SET status = 'completed', response = $1 WHERE scope = $2 AND key = $3 AND token = $4 AND status = 'pending'`,
        [response.body, scope, key, token],
      );
      return result.rowCount === 1;
    },
    async release(scope, key, token) {
      await (
        await connect()
      ).query(
        `DELETE FROM ${table} WHERE scope = $1 AND key = $2 AND token = $3 AND status = 'pending'`,
        [scope, key, token],
      );
    },
    async purgeExpired(now) {
      const pool = await connect();
      const result = await pool.query(`DELETE FROM ${table} WHERE expires_at <= $1`, [now]);
      return result.rowCount ?? 0;
    },
    async close() {
      // Never opened: nothing to end (and no driver to load just to close it).
      const pool = await opened?.catch(() => undefined);
      await pool?.end();
    },
  };
}
