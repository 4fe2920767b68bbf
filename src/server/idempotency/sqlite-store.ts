/** The SQLite idempotency store (better-sqlite3): a single file, several processes via WAL. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { randomUUID } from "node:crypto";
import Database from "better-sqlite3";
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
  locked_at: number;
  lease_ms: number;
  response: string | null;
  expires_at: number;
}

/** A row as the store-independent record `claimResultOf` reads. */
function fromRow(row: Row, fingerprint: string | undefined): ClaimResult {
  return claimResultOf(
    {
      fingerprint: row.fingerprint,
      status: row.status,
      response: row.response,
      lockedAt: row.locked_at,
      leaseMs: row.lease_ms,
    },
    fingerprint,
  );
}

/** Opens (creating if needed) an SQLite idempotency store at `file` (`:memory:` works too). */
export function createSqliteStore(file: string): IdempotencyStore {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  db.exec(`CREATE TABLE IF NOT EXISTS idempotency_records (
    scope TEXT NOT NULL,
    key TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    status TEXT NOT NULL,
    token TEXT NOT NULL,
    locked_at INTEGER NOT NULL,
    lease_ms INTEGER NOT NULL,
    response TEXT,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (scope, key)
  )`);
  db.exec(
    "CREATE INDEX IF NOT EXISTS idempotency_records_expires ON idempotency_records (expires_at)",
  );

  // Claims a free key or an expired record in one statement; the primary key makes it atomic.
  const insert = db.prepare(
    `INSERT INTO idempotency_records AS r (scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, NULL, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = 'pending', token = excluded.token,
       locked_at = excluded.locked_at, lease_ms = excluded.lease_ms, response = NULL, created_at = excluded.created_at,
       expires_at = excluded.expires_at
     WHERE r.expires_at <= excluded.locked_at`,
  );
  const select = db.prepare<[string, string], Row>(
    "SELECT fingerprint, status, token, locked_at, lease_ms, response, expires_at FROM idempotency_records WHERE scope = ? AND key = ?",
  );
  const takeOver = db.prepare(
    "UPDATE idempotency_records SET token = ?, locked_at = ?, lease_ms = ? WHERE scope = ? AND key = ? AND token = ? AND status = 'pending'",
  );
  const completeStmt = db.prepare(
    "UPDATE idempotency_records SET status = 'completed', response = ? WHERE scope = ? AND key = ? AND token = ? AND status = 'pending'",
  );
  const releaseStmt = db.prepare(
    "DELETE FROM idempotency_records WHERE scope = ? AND key = ? AND token = ? AND status = 'pending'",
  );
  const purge = db.prepare("DELETE FROM idempotency_records WHERE expires_at <= ?");

  // Each statement is atomic on its own (as on PostgreSQL), so no transaction spans a claim.
  function claim(request: ClaimRequest): ClaimResult {
    const { scope, key, fingerprint, now, ttlMs, leaseMs } = request;
    const token = randomUUID();
    if (insert.run(scope, key, fingerprint, token, now, leaseMs, now, now + ttlMs).changes === 1) {
      return { state: "claimed", token, recovered: false };
    }
    const row = select.get(scope, key);
    if (!row) return { state: "in_progress", lockedUntil: now };
    const found = fromRow(row, fingerprint);
    if (found.state === "in_progress" && found.lockedUntil <= now) {
      // The claimer crashed or hung past its lease: take the claim over (see docs/server.md).
      if (takeOver.run(token, now, leaseMs, scope, key, row.token).changes === 1)
        return { state: "claimed", token, recovered: true };
    }
    return found;
  }

  return {
    name: "sqlite",
    async init() {},
    async claim(request) {
      return claim(request);
    },
    async complete(scope, key, token, response: StoredResponse) {
      return completeStmt.run(response.body, scope, key, token).changes === 1;
    },
    async release(scope, key, token) {
      releaseStmt.run(scope, key, token);
    },
    async purgeExpired(now) {
      return purge.run(now).changes;
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
