/** An SQLite file (better-sqlite3, WAL) as a `SqlDatabase`: several processes on one machine. */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { importOptionalPeer } from "../../peer-deps/optional-peer.ts";
import type { SqlParams } from "./named-sql.ts";
import { applyMissing, type SqlDatabase } from "./sql-database.ts";

/**
 * Opens `file` (created if needed; `:memory:` works too) on first use. The driver (a native
 * module) is an optional peer loaded then, so an app that keeps its records elsewhere never
 * installs or compiles it; without it that call throws a `MissingPeerError` naming it.
 */
export function openSqliteDatabase(file: string, helper: string): SqlDatabase {
  let opened: Promise<Database.Database> | undefined;
  const statements = new Map<string, Database.Statement>();
  const open = (): Promise<Database.Database> =>
    (opened ??= importOptionalPeer("better-sqlite3", helper, () => import("better-sqlite3")).then(
      ({ default: Driver }) => {
        if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
        const db = new Driver(file);
        db.pragma("journal_mode = WAL");
        db.pragma("busy_timeout = 5000");
        db.pragma("synchronous = NORMAL");
        return db;
      },
    ));
  const prepared = (db: Database.Database, text: string): Database.Statement => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = db.prepare(text)));
    return statement;
  };
  const run = <R extends object>(db: Database.Database, text: string, params: SqlParams) => {
    const statement = prepared(db, text);
    if (statement.reader) {
      const rows = statement.all(params) as R[];
      return { rows, changes: rows.length };
    }
    return { rows: [] as R[], changes: statement.run(params).changes };
  };
  // One connection serves the process: while a transaction is open, every other statement
  // waits for it (checked right before running, with no await in between), or it would run
  // inside that transaction.
  let active: Promise<void> | undefined;
  const self: SqlDatabase = {
    dialect: "sqlite",
    async migrate(steps) {
      const db = await open();
      while (active) await active;
      // SQLite serialises writers itself; each step is one statement or the caller's check.
      await applyMissing(self, steps, async (statement) => {
        // The check before it awaited: never inside another caller's transaction.
        while (active) await active;
        db.exec(statement);
      });
    },
    async query<R extends object>(text: string, params: SqlParams = {}) {
      const db = await open();
      while (active) await active;
      return run<R>(db, text, params);
    },
    queryDeferred: (text, params) => self.query(text, params),
    async transaction(work) {
      const db = await open();
      while (active) await active;
      let release!: () => void;
      active = new Promise<void>((resolve) => (release = resolve));
      try {
        // IMMEDIATE: the write lock now, so another process cannot make it fail at COMMIT.
        db.exec("BEGIN IMMEDIATE");
        const tx = {
          dialect: "sqlite" as const,
          query: async <R extends object>(text: string, params: SqlParams = {}) =>
            run<R>(db, text, params),
        };
        const result = await work(tx);
        db.exec("COMMIT");
        return result;
      } catch (error) {
        if (db.inTransaction) db.exec("ROLLBACK");
        throw error;
      } finally {
        active = undefined;
        release();
      }
    },
    async transactionEndingWith(work, last) {
      const lost = new Error("last statement changed no row");
      return self
        .transaction(async (tx) => {
          await work(tx);
          if ((await tx.query(last.text, last.params)).changes !== 1) throw lost;
          return true;
        })
        .catch((error: unknown) => {
          if (error === lost) return false;
          throw error;
        });
    },
    async present(targets) {
      const db = await open();
      while (active) await active;
      const relation = prepared(db, "SELECT 1 FROM sqlite_master WHERE name = ?");
      return targets.map(({ relation: name, column }) =>
        column === undefined
          ? relation.get(name) !== undefined
          : (db.pragma(`table_info(${name})`) as Array<{ name: string }>).some(
              (c) => c.name === column,
            ),
      );
    },
    async close() {
      // Never opened: nothing to close (and no driver to load just to close it).
      const db = await opened?.catch(() => undefined);
      if (db?.open) db.close();
    },
  };
  return self;
}
