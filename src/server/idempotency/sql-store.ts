/**
 * The idempotency store on a `SqlDatabase`: the same statements on SQLite and PostgreSQL.
 * Each is atomic on its own, so no transaction spans a call: a fresh claim is one statement,
 * a completion one more.
 */
import { randomUUID } from "node:crypto";
import { plainIdentifier } from "../stores/named-sql.ts";
import { attachSqlDatabase, migrateOnce, type SqlDatabase } from "../stores/sql-database.ts";
import {
  claimedResult,
  claimResultOf,
  effectKeyOf,
  type ClaimedRow,
  type IdempotencyStore,
  type StoredRecord,
} from "./store.ts";

/**
 * The statements of one records table. `expired` is the one definition of a record that no
 * longer binds its key: past its time to live, and not a claim whose lease still runs (a
 * running side effect keeps its record whatever the TTL).
 */
function recordSql(table: string) {
  const expired = `(r.expires_at <= excluded.locked_at AND (r.status <> 'pending' OR r.locked_at + r.lease_ms <= excluded.locked_at))`;
  return {
    create: `CREATE TABLE IF NOT EXISTS ${table} (
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
      effect_key TEXT,
      attempts INTEGER NOT NULL DEFAULT 1,
      PRIMARY KEY (scope, key)
    )`,
    index: `CREATE INDEX IF NOT EXISTS ${table}_expires ON ${table} (expires_at)`,
    // Columns an earlier layout lacks (its rows read back through effectKeyOf(created_at)).
    added: {
      effect_key: `ALTER TABLE ${table} ADD COLUMN effect_key TEXT`,
      attempts: `ALTER TABLE ${table} ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1`,
    },
    // One statement takes a free key, an expired record (a new record: new fingerprint, new
    // effect key, attempt 1), or — same fingerprint only — a reopened record or a stale claim
    // (the same record: same effect key, one more attempt). The primary key makes it atomic.
    claim: `INSERT INTO ${table} AS r (scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at, effect_key, attempts)
      VALUES (:scope, :key, :fingerprint, 'pending', :token, :now, :lease_ms, NULL, :now, :expires_at, :effect_key, 1)
      ON CONFLICT (scope, key) DO UPDATE SET
        fingerprint = excluded.fingerprint,
        effect_key = CASE WHEN ${expired} THEN excluded.effect_key ELSE r.effect_key END,
        created_at = CASE WHEN ${expired} THEN excluded.created_at ELSE r.created_at END,
        attempts = CASE WHEN ${expired} THEN 1 ELSE r.attempts + 1 END,
        status = 'pending', token = excluded.token, locked_at = excluded.locked_at,
        lease_ms = excluded.lease_ms, response = NULL, expires_at = excluded.expires_at
      WHERE ${expired} OR (r.fingerprint = excluded.fingerprint AND (r.status = 'retryable'
        OR (r.status = 'pending' AND r.locked_at + r.lease_ms <= excluded.locked_at)))
      RETURNING effect_key, created_at, attempts`,
    select: `SELECT fingerprint, status, response, locked_at, lease_ms FROM ${table} WHERE scope = :scope AND key = :key`,
    settle: `UPDATE ${table} SET status = :status, response = :body
      WHERE scope = :scope AND key = :key AND token = :token AND status = 'pending'`,
    purge: `DELETE FROM ${table} WHERE expires_at <= :now AND (status <> 'pending' OR locked_at + lease_ms <= :now)`,
  };
}

/** An idempotency store named `name` on `db`, in `table`. */
export function createSqlStore(db: SqlDatabase, table: string, name: string): IdempotencyStore {
  const sql = recordSql(plainIdentifier(table));
  // Made (or upgraded) on `init()` or on first use, as the SQLite store always did.
  const prepare = migrateOnce(db, [
    sql.create,
    sql.index,
    async () => {
      const present = new Set(await db.columns(table));
      for (const [column, statement] of Object.entries(sql.added))
        if (!present.has(column)) await db.query(statement);
    },
  ]);
  const query: SqlDatabase["query"] = async (text, params) => {
    await prepare();
    return db.query(text, params);
  };
  const store: IdempotencyStore = {
    name,
    init: prepare,
    async claim(request) {
      const { scope, key, fingerprint, now, ttlMs, leaseMs } = request;
      const token = randomUUID();
      const taken = await query<ClaimedRow>(sql.claim, {
        scope,
        key,
        fingerprint,
        token,
        now,
        lease_ms: leaseMs,
        expires_at: now + ttlMs,
        effect_key: effectKeyOf(scope, key, fingerprint, now),
      });
      const row = taken.rows[0];
      if (row) return claimedResult(row, request, token);
      const { rows } = await query<StoredRecord>(sql.select, { scope, key });
      const found = rows[0];
      // Gone between the two statements (purged): the next claim finds the key free.
      if (!found) return { state: "in_progress", lockedUntil: now };
      return claimResultOf(found, fingerprint);
    },
    async complete({ scope, key, token }, response) {
      const { changes } = await query(sql.settle, {
        status: "completed",
        body: response.body,
        scope,
        key,
        token,
      });
      return changes === 1;
    },
    async reopen({ scope, key, token }, response) {
      const { changes } = await query(sql.settle, {
        status: "retryable",
        body: response?.body ?? null,
        scope,
        key,
        token,
      });
      return changes === 1;
    },
    async purgeExpired(now) {
      return (await query(sql.purge, { now })).changes;
    },
    close: () => db.close(),
  };
  return attachSqlDatabase(store, db);
}
