/** The SQLite idempotency store (better-sqlite3): a single file, several processes via WAL. */
import { openSqliteDatabase } from "../stores/sqlite-database.ts";
import { createSqlStore } from "./sql-store.ts";
import type { IdempotencyStore } from "./store.ts";

/**
 * An SQLite idempotency store at `file` (created if needed; `:memory:` works too). Needs the
 * optional peer dependency `better-sqlite3`, loaded on first use (`init()`); without it that
 * call throws a `MissingPeerError` naming the package. The file also holds the kit's drafts
 * and rate limits when `createDraftStore` / `createRateLimiter` are given this store.
 */
export function createSqliteStore(file: string): IdempotencyStore {
  return createSqlStore(
    openSqliteDatabase(file, "createSqliteStore"),
    "idempotency_records",
    "sqlite",
  );
}
