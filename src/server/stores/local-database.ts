/**
 * The store's database for an app's own tables: a booking, a sent reply, a cancelled event
 * live beside the idempotency records (the same SQLite file or PostgreSQL database), so an
 * effect's own rows commit in the transaction that completes its record (`Attempt.local`) and
 * a restart keeps them.
 */
import type { IdempotencyStore } from "../idempotency/store.ts";
import { migrateOnce, sqlDatabaseOf, type SqlQueries } from "./sql-database.ts";

/** An app's tables in the store's database. */
export interface LocalDatabase extends SqlQueries {
  /**
   * Makes the tables (`schema`), once per process and one process at a time. `query` does it
   * first on its own; call it before returning an `Attempt.local`, whose statements run in
   * a transaction that cannot change the schema.
   */
  ready(): Promise<void>;
}

/**
 * The database of `store` (from `createSqliteStore` or `createPostgresStore`; any other store
 * is a TypeError) with `schema` — `CREATE TABLE IF NOT EXISTS …` statements that both SQLite
 * and PostgreSQL accept — made on first use.
 */
export function localDatabase(store: IdempotencyStore, schema: readonly string[]): LocalDatabase {
  const db = sqlDatabaseOf(store, "localDatabase");
  const ready = migrateOnce(db, schema);
  return {
    dialect: db.dialect,
    ready,
    async query(text, params) {
      await ready();
      return db.query(text, params);
    },
  };
}
