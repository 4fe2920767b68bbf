/**
 * Drafts of writes, kept in the shared store: `prepare_*` puts the draft a person will
 * confirm, and whichever server process gets the commit reads it back — a draft is owned by
 * the caller scope that put it and expires on its own.
 */
import { randomBytes } from "node:crypto";
import type { IdempotencyStore } from "../idempotency/store.ts";
import { plainIdentifier } from "./named-sql.ts";
import { migrateOnce, sqlDatabaseOf } from "./sql-database.ts";

/** Options of `createDraftStore`. */
export interface DraftStoreOptions {
  /** Which app's drafts (a plain lower-case identifier): stores with other names never meet. */
  name: string;
  /** How long a draft can be committed after it was put (ms). */
  ttlMs: number;
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: () => number;
}

/** What `get` found. Another owner's draft, and any id the store never issued, is `missing`. */
export type DraftLookup<T> =
  { state: "found"; draft: T; expires_at: string } | { state: "expired" } | { state: "missing" };

/** Owner-scoped, expiring drafts of type `T` (any JSON value). */
export interface DraftStore<T> {
  /** Stores `draft` for `scope`; the id and expiry go on the wire (`expires_at`: ISO 8601). */
  put(scope: string, draft: T): Promise<{ draft_id: string; expires_at: string }>;
  /** The draft `draftId` of `scope` (untrusted input: any string is safe to pass). */
  get(scope: string, draftId: string): Promise<DraftLookup<T>>;
  /** Deletes the draft of `scope`; false when there was none. */
  delete(scope: string, draftId: string): Promise<boolean>;
  /** Deletes expired drafts of this name; returns how many. */
  purgeExpired(): Promise<number>;
}

const DRAFT_ID = /^drf_[0-9a-f]{32}$/;
/** A draft's JSON beyond this is a bug in the app, not something to store. */
const MAX_DRAFT_CHARS = 64 * 1024;

const TABLE = plainIdentifier("widget_kit_drafts");

/**
 * Drafts in the database of `store` (from `createSqliteStore` or `createPostgresStore`; any
 * other store is a TypeError), in the table `widget_kit_drafts`, made on first use.
 */
export function createDraftStore<T>(
  store: IdempotencyStore,
  options: DraftStoreOptions,
): DraftStore<T> {
  const db = sqlDatabaseOf(store, "createDraftStore");
  const name = plainIdentifier(options.name, "name");
  if (!(options.ttlMs > 0)) throw new RangeError("ttlMs must be a positive number of ms");
  const now = options.now ?? Date.now;
  const ready = migrateOnce(db, [
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
      name TEXT NOT NULL, draft_id TEXT NOT NULL, scope TEXT NOT NULL, body TEXT NOT NULL,
      created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (name, draft_id))`,
    `CREATE INDEX IF NOT EXISTS ${TABLE}_expires ON ${TABLE} (expires_at)`,
  ]);
  return {
    async put(scope, draft) {
      const body = JSON.stringify(draft);
      if (body === undefined) throw new TypeError("a draft must be a JSON value");
      if (body.length > MAX_DRAFT_CHARS)
        throw new RangeError(`a draft's JSON must stay under ${MAX_DRAFT_CHARS} characters`);
      await ready();
      const created = now();
      const draftId = `drf_${randomBytes(16).toString("hex")}`;
      const expiresAt = created + options.ttlMs;
      await db.query(
        `INSERT INTO ${TABLE} (name, draft_id, scope, body, created_at, expires_at)
         VALUES (:name, :draft_id, :scope, :body, :created_at, :expires_at)`,
        { name, draft_id: draftId, scope, body, created_at: created, expires_at: expiresAt },
      );
      return { draft_id: draftId, expires_at: new Date(expiresAt).toISOString() };
    },
    async get(scope, draftId) {
      // Anything the store could not have issued never reaches the database.
      if (typeof draftId !== "string" || !DRAFT_ID.test(draftId)) return { state: "missing" };
      await ready();
      const { rows } = await db.query<{ scope: string; body: string; expires_at: number | string }>(
        `SELECT scope, body, expires_at FROM ${TABLE} WHERE name = :name AND draft_id = :draft_id`,
        { name, draft_id: draftId },
      );
      const row = rows[0];
      if (!row || row.scope !== scope) return { state: "missing" };
      const expiresAt = Number(row.expires_at);
      if (expiresAt <= now()) return { state: "expired" };
      return {
        state: "found",
        draft: JSON.parse(row.body) as T,
        expires_at: new Date(expiresAt).toISOString(),
      };
    },
    async delete(scope, draftId) {
      if (typeof draftId !== "string" || !DRAFT_ID.test(draftId)) return false;
      await ready();
      const { changes } = await db.query(
        `DELETE FROM ${TABLE} WHERE name = :name AND draft_id = :draft_id AND scope = :scope`,
        { name, draft_id: draftId, scope },
      );
      return changes === 1;
    },
    async purgeExpired() {
      await ready();
      const { changes } = await db.query(
        `DELETE FROM ${TABLE} WHERE name = :name AND expires_at <= :now`,
        { name, now: now() },
      );
      return changes;
    },
  };
}
