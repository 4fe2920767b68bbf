/**
 * The database under a kit store, for the other stores helpers (drafts, rate limits):
 * whatever must hold across server processes lives beside the idempotency records, in the
 * same SQLite file or PostgreSQL database, so there is one thing to deploy and back up.
 */
import type { SqlParams } from "./named-sql.ts";

/** One SQL database, reached by named-parameter statements (see `named-sql.ts`). */
export interface SqlDatabase {
  readonly dialect: "sqlite" | "postgres";
  /**
   * Runs schema statements in order, one process at a time (PostgreSQL: under an advisory
   * lock, as concurrent `CREATE TABLE IF NOT EXISTS` can collide on the type catalog).
   */
  migrate(statements: ReadonlyArray<string | ((db: SqlDatabase) => Promise<void>)>): Promise<void>;
  /** One atomic statement: the rows it returns (SELECT, RETURNING) and how many it changed. */
  query<R extends object = { [column: string]: unknown }>(
    text: string,
    params?: SqlParams,
  ): Promise<{ rows: R[]; changes: number }>;
  /**
   * `query`, committed without waiting for its own flush to disk (PostgreSQL:
   * `synchronous_commit` set off for the statement's own transaction, in the statement; SQLite
   * in WAL mode never waits per commit). Sound only when a durable commit follows before anything leaves the process:
   * flushing that one flushes this too (the log is written in order).
   */
  queryDeferred<R extends object = { [column: string]: unknown }>(
    text: string,
    params?: SqlParams,
  ): Promise<{ rows: R[]; changes: number }>;
  /**
   * Whether each of `targets` exists, read from the catalogue in one statement that locks no
   * table (PostgreSQL: `to_regclass` and `pg_attribute`; SQLite: `sqlite_master` and
   * `table_info`).
   */
  present(targets: readonly SchemaTarget[]): Promise<boolean[]>;
  /**
   * Runs `work` in one transaction — its statements and nothing else of this process's —
   * and commits it once (one durable commit), or rolls it back when `work` throws.
   */
  transaction<T>(work: (tx: SqlQueries) => Promise<T>): Promise<T>;
  /**
   * `transaction`, ending with `last` — an `UPDATE` or `INSERT` without `RETURNING` that must
   * change exactly one row (a record's completion under its claim token, or a fresh record's
   * insert that meets no other): if it changes none,
   * everything rolls back and the answer is false; else it commits, once, and the answer is
   * true. On PostgreSQL the `BEGIN` travels with the first statement and `last` with the
   * `COMMIT`, so a local effect of one row is two round trips, not four.
   */
  transactionEndingWith(
    work: (tx: SqlQueries) => Promise<void>,
    last: { text: string; params: SqlParams },
  ): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Statements inside a transaction of the store's database (`Attempt.local`, an app's own
 * tables): named parameters (`:name`), the same SQL text on SQLite and PostgreSQL.
 */
export interface SqlQueries {
  /** Which database runs them, for the rare statement the two spell differently. */
  readonly dialect: "sqlite" | "postgres";
  /**
   * One statement: the rows it returns (SELECT, RETURNING) and how many it changed. `params`
   * holds the values of the statement's `:name` parameters.
   */
  query<R extends object = { [column: string]: unknown }>(
    text: string,
    params?: { readonly [name: string]: string | number | null },
  ): Promise<{ rows: R[]; changes: number }>;
}

const databases = new WeakMap<object, SqlDatabase>();
const recordTables = new WeakMap<object, string>();

/**
 * Remembers that `store` keeps its records in `db` (for `sqlDatabaseOf`), in the table
 * `recordsTable` (for `recordsTableOf`).
 */
export function attachSqlDatabase<S extends object>(
  store: S,
  db: SqlDatabase,
  recordsTable?: string,
): S {
  databases.set(store, db);
  if (recordsTable !== undefined) recordTables.set(store, recordsTable);
  return store;
}

/**
 * The table `store` keeps its idempotency records in, or `undefined` for a store that did not
 * say: the drafts read it so a draft is not purged while a record under its use is unfinished.
 */
export function recordsTableOf(store: object): string | undefined {
  return recordTables.get(store);
}

/**
 * The database of a store made by `createSqliteStore` or `createPostgresStore`; a TypeError
 * for any other store (it has no SQL database the kit can share).
 */
export function sqlDatabaseOf(store: object, helper: string): SqlDatabase {
  const db = databases.get(store);
  if (!db)
    throw new TypeError(
      `${helper} needs a store from createSqliteStore or createPostgresStore (the records it shares a database with)`,
    );
  return db;
}

/** What a schema statement makes: a table or an index (`relation`), or a table's `column`. */
export interface SchemaTarget {
  readonly relation: string;
  readonly column?: string;
}

/** The plain identifier of a kit table, index or column (see `plainIdentifier`). */
const NAME = "([a-z_][a-z0-9_]*)";
const TARGETS: ReadonlyArray<[RegExp, (match: RegExpExecArray) => SchemaTarget]> = [
  [
    new RegExp(`^\\s*CREATE\\s+TABLE\\s+IF\\s+NOT\\s+EXISTS\\s+${NAME}\\b`, "i"),
    (m) => ({ relation: m[1]! }),
  ],
  [
    new RegExp(`^\\s*CREATE\\s+(?:UNIQUE\\s+)?INDEX\\s+IF\\s+NOT\\s+EXISTS\\s+${NAME}\\b`, "i"),
    (m) => ({ relation: m[1]! }),
  ],
  [
    new RegExp(
      `^\\s*ALTER\\s+TABLE\\s+${NAME}\\s+ADD\\s+COLUMN\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?${NAME}\\b`,
      "i",
    ),
    (m) => ({ relation: m[1]!, column: m[2]! }),
  ],
];

/**
 * What `statement` makes, when it is one of the schema statements a start may skip once its
 * target exists — `CREATE TABLE IF NOT EXISTS t`, `CREATE [UNIQUE] INDEX IF NOT EXISTS i`,
 * `ALTER TABLE t ADD COLUMN c` — else `undefined` (the statement always runs).
 */
export function schemaTargetOf(statement: string): SchemaTarget | undefined {
  for (const [pattern, target] of TARGETS) {
    const match = pattern.exec(statement);
    if (match) return target(match);
  }
  return undefined;
}

/**
 * Runs the steps of `steps` that still have something to make, in order (`migrate`'s body):
 * each statement with a target is checked right before it runs, as an earlier step may have
 * made it (a new table has the columns a later `ADD COLUMN` adds to an older one).
 */
export async function applyMissing(
  db: SqlDatabase,
  steps: Parameters<SqlDatabase["migrate"]>[0],
  run: (statement: string) => Promise<unknown>,
): Promise<void> {
  for (const step of steps) {
    if (typeof step !== "string") {
      await step(db);
      continue;
    }
    const target = schemaTargetOf(step);
    if (target && (await db.present([target]))[0]) continue;
    await run(step);
  }
}

/**
 * The steps of `steps` that still have something to make: a statement whose target the
 * catalogue holds is left out — even `CREATE INDEX IF NOT EXISTS` takes a lock on its table
 * that queues behind an open write and every commit then queues behind it, and `ALTER TABLE`
 * takes an exclusive one — and a step of unknown effect (a function, another statement) is
 * kept.
 */
export async function missingSteps(
  db: Pick<SqlDatabase, "present">,
  steps: Parameters<SqlDatabase["migrate"]>[0],
): Promise<Parameters<SqlDatabase["migrate"]>[0]> {
  const targets = steps.map((step) =>
    typeof step === "string" ? schemaTargetOf(step) : undefined,
  );
  const known = targets.filter((target): target is SchemaTarget => target !== undefined);
  const present = known.length > 0 ? await db.present(known) : [];
  let next = 0;
  return steps.filter((_step, index) => targets[index] === undefined || !present[next++]);
}

/**
 * `db.migrate(steps)` run once, on the first call of the returned function (each kit table is
 * made on `init()` or on first use, so an app that never calls `init()` still works). The
 * catalogue is read first, without a lock: a start that finds every table, index and column
 * in place runs no DDL and takes no lock (a start during a long read or write stalls no
 * commit); only a missing one is made, under `migrate`'s lock. A failure is not remembered: a
 * database that was down may be up on the next call.
 */
export function migrateOnce(
  db: SqlDatabase,
  steps: Parameters<SqlDatabase["migrate"]>[0],
): () => Promise<void> {
  let ready: Promise<void> | undefined;
  const migrate = async () => {
    if ((await missingSteps(db, steps)).length > 0) await db.migrate(steps);
  };
  return () =>
    (ready ??= migrate().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
}

/**
 * Whether `error` is a unique or primary-key violation of either driver (better-sqlite3's
 * `SQLITE_CONSTRAINT_UNIQUE` / `_PRIMARYKEY`, PostgreSQL's SQLSTATE 23505, or 23P01 for an
 * exclusion constraint): a write that lost to one already committed — the database answered,
 * so it is a conflict to report as one, never the database being unavailable.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    code === "SQLITE_CONSTRAINT_UNIQUE" ||
    code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    code === "23505" ||
    code === "23P01"
  );
}
