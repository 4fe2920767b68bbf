/** The PostgreSQL idempotency store (`pg`): shared by every server process on one database. */
import { plainIdentifier } from "../stores/named-sql.ts";
import { openPostgresDatabase } from "../stores/postgres-database.ts";
import { createSqlStore } from "./sql-store.ts";
import type { IdempotencyStore } from "./store.ts";

/**
 * An idempotency store on PostgreSQL: a fresh claim is one statement, a completion one more,
 * each a prepared statement. Needs the optional peer dependency `pg`, loaded on first use
 * (`init()`); without it that call throws a `MissingPeerError` naming the package. The
 * database also holds the kit's drafts and rate limits when `createDraftStore` /
 * `createRateLimiter` are given this store.
 *
 * @param options - The database URL (`createPostgresStore(process.env.DATABASE_URL)`), or
 *   {@link PostgresStoreOptions} for the pool size, table name and commit mode.
 */
export function createPostgresStore(options: string | PostgresStoreOptions): IdempotencyStore {
  const settings = typeof options === "string" ? { connectionString: options } : options;
  const table = plainIdentifier(settings.table ?? "idempotency_records");
  return createSqlStore(openPostgresDatabase(settings, "createPostgresStore"), table, "postgres");
}

/** Options of `createPostgresStore`; a URL alone is `{ connectionString: url }`. */
export interface PostgresStoreOptions {
  /** The database, e.g. `postgres://user@127.0.0.1:5432/app` (`DATABASE_URL`). */
  connectionString: string;
  /** Pool size per process; default 10. */
  maxConnections?: number;
  /** Table name; default `idempotency_records`. */
  table?: string;
  /**
   * `false` sets `synchronous_commit = off` for this store's connections: a claim or record
   * no longer waits for the WAL flush (about one disk sync each), at the price of losing the
   * last fraction of a second of records if PostgreSQL itself crashes. A lost record only
   * makes a retry run the side effect again — under a new effect key, so this is safe only
   * when a duplicate downstream is acceptable. Default `true` (durable).
   */
  synchronousCommit?: boolean;
}
