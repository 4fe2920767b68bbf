/** The SQLite idempotency store (better-sqlite3): a single file, several processes via WAL. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
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
  locked_at: number;
  lease_ms: number;
  response: string | null;
  expires_at: number;
}

/** The open database and its prepared statements. */
type Opened = ReturnType<typeof prepare>;

function prepare(db: Database.Database) {
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
  return {
    db,
    // Claims a free key or an expired record in one statement; the primary key makes it atomic.
    insert: db.prepare(
      `INSERT INTO idempotency_records AS r (scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at)
     VALUES (?, ?, ?, 'pending', ?, ?, ?, NULL, ?, ?)
     ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = 'pending', token = excluded.token,
       locked_at = excluded.locked_at, lease_ms = excluded.lease_ms, response = NULL, created_at = excluded.created_at,
       expires_at = excluded.expires_at
     WHERE r.expires_at <= excluded.locked_at`,
    ),
    select: db.prepare<[string, string], Row>(
      "SELECT fingerprint, status, token, locked_at, lease_ms, response, expires_at FROM idempotency_records WHERE scope = ? AND key = ?",
    ),
    takeOver: db.prepare(
      "UPDATE idempotency_records SET token = ?, locked_at = ?, lease_ms = ? WHERE scope = ? AND key = ? AND token = ? AND status = 'pending'",
    ),
    completeStmt: db.prepare(
      "UPDATE idempotency_records SET status = 'completed', response = ? WHERE scope = ? AND key = ? AND token = ? AND status = 'pending'",
    ),
    releaseStmt: db.prepare(
      "DELETE FROM idempotency_records WHERE scope = ? AND key = ? AND token = ? AND status = 'pending'",
    ),
    purge: db.prepare("DELETE FROM idempotency_records WHERE expires_at <= ?"),
  };
}

/**
 * An SQLite idempotency store at `file` (created if needed; `:memory:` works too). Needs the
 * optional peer dependency `better-sqlite3`, loaded on first use (`init()`); without it that
 * call throws a `MissingPeerError` naming the package.
 */
export function createSqliteStore(file: string): IdempotencyStore {
  let opened: Promise<Opened> | undefined;
  // The driver (a native module) is loaded when the store is first used, so an app that
  // keeps its records elsewhere never installs or compiles it.
  const open = (): Promise<Opened> =>
    (opened ??= importOptionalPeer(
      "better-sqlite3",
      "createSqliteStore",
      () => import("better-sqlite3"),
    ).then(({ default: Database }) => {
      if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
      return prepare(new Database(file));
    }));

  // Each statement is atomic on its own (as on PostgreSQL), so no transaction spans a claim.
  function claim({ insert, select, takeOver }: Opened, request: ClaimRequest): ClaimResult {
    const { scope, key, fingerprint, now, ttlMs, leaseMs } = request;
    const token = randomUUID();
    if (insert.run(scope, key, fingerprint, token, now, leaseMs, now, now + ttlMs).changes === 1) {
      return { state: "claimed", token, recovered: false };
    }
    const row = select.get(scope, key);
    if (!row) return { state: "in_progress", lockedUntil: now };
    const found = claimResultOf(row, fingerprint);
    if (found.state === "in_progress" && found.lockedUntil <= now) {
      // The claimer crashed or hung past its lease: take the claim over (see docs/server.md).
      if (takeOver.run(token, now, leaseMs, scope, key, row.token).changes === 1)
        return { state: "claimed", token, recovered: true };
    }
    return found;
  }

  return {
    name: "sqlite",
    async init() {
      await open();
    },
    async claim(request) {
      return claim(await open(), request);
    },
    async complete(scope, key, token, response: StoredResponse) {
      const { completeStmt } = await open();
      return completeStmt.run(response.body, scope, key, token).changes === 1;
    },
    async release(scope, key, token) {
      (await open()).releaseStmt.run(scope, key, token);
    },
    async purgeExpired(now) {
      return (await open()).purge.run(now).changes;
    },
    async close() {
      // Never opened: nothing to close (and no driver to load just to close it).
      const db = (await opened?.catch(() => undefined))?.db;
      if (db?.open) db.close();
    },
  };
}
