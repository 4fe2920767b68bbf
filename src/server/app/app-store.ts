/**
 * The kit's store of an app, chosen from its settings one way for every process that opens
 * it: the server (`serveApp`) and the operator's reconciler (`appReconciliation`) must meet in
 * the same database, or the reconciler finishes nothing the server left in doubt.
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { createPostgresStore } from "../idempotency/postgres-store.ts";
import { createSqliteStore } from "../idempotency/sqlite-store.ts";
import type { IdempotencyStore } from "../idempotency/store.ts";
import type { AppSettings } from "./app-settings.ts";

/** Where an app keeps its SQLite file when `SQLITE_FILE` is unset. */
export interface AppStoreLocation {
  /** The app's name: its default file is `data/<name>.sqlite` (from the working folder). */
  readonly name: string;
  /** The default file instead (a path, or a `file:` URL such as `new URL("../data/x.sqlite", import.meta.url)`). */
  readonly sqliteFile?: string | URL;
}

/** A path or a `file:` URL as an absolute path. */
export const pathOf = (value: string | URL) =>
  value instanceof URL ? fileURLToPath(value) : resolve(value);

/**
 * PostgreSQL at `DATABASE_URL` (with `PG_SYNCHRONOUS_COMMIT`), else SQLite at `SQLITE_FILE`,
 * else the app's default file; `file` is the SQLite file, for the log.
 */
export function openAppStore(
  settings: Pick<AppSettings, "databaseUrl" | "sqliteFile" | "pgSynchronousCommit">,
  location: AppStoreLocation,
): { store: IdempotencyStore; file?: string } {
  if (settings.databaseUrl)
    return {
      store: createPostgresStore({
        connectionString: settings.databaseUrl,
        synchronousCommit: settings.pgSynchronousCommit,
      }),
    };
  const file = settings.sqliteFile ?? pathOf(location.sqliteFile ?? `data/${location.name}.sqlite`);
  return { store: createSqliteStore(file), file };
}
