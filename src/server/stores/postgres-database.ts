/** PostgreSQL (`pg`) as a `SqlDatabase`: shared by every server process on one database. */
import { createHash } from "node:crypto";
import type { ClientBase, Pool, QueryResult } from "pg";
import { importOptionalPeer } from "../../peer-deps/optional-peer.ts";
import { positionalValues, toPositional, type PositionalSql, type SqlParams } from "./named-sql.ts";
import { applyMissing, type SqlDatabase } from "./sql-database.ts";

/** How to reach the database. */
export interface PostgresConnection {
  connectionString: string;
  /** Pool size per process; default 10. */
  maxConnections?: number;
  /** `false`: `synchronous_commit = off` on this pool's connections (see `createPostgresStore`). */
  synchronousCommit?: boolean;
  /** How long a connection beyond the one kept open may sit idle before it closes; default 10 s. */
  idleTimeoutMillis?: number;
}

/** SQLSTATE of `1 / 0`: the last statement of `transactionEndingWith` changed no row. */
const DIVISION_BY_ZERO = "22012";

/** The lock that serialises schema changes of kit tables across processes. */
const MIGRATION_LOCK = 727274;

/**
 * Turns off the wait for the WAL flush for the rest of the statement's own transaction
 * (`is_local`): evaluated in `RETURNING`, i.e. for each row written and before the commit,
 * which then does not wait for the disk. Nothing written, nothing to flush.
 */
export const RELAXED_COMMIT = "set_config('synchronous_commit', 'off', true)";

/** The column `relaxedCommit` adds, taken off the rows again. */
const RELAXED_COLUMN = "wk_relaxed_commit";

/**
 * `text` (an `INSERT`, `UPDATE` or `DELETE` of the kit's own) committing without waiting for
 * its flush, still one prepared statement on the one pool: the setting travels in the
 * statement, so a deferred write needs no pool of its own (a second server process in every
 * commit, and a second set of connections). It comes first in `RETURNING`, before the columns
 * the statement returns, for every row written; and first in the condition of an upsert's
 * `DO UPDATE … WHERE`, which locks the row it meets even when it writes nothing (a replay, a
 * claim still running) — that lock is a commit of its own that would otherwise wait.
 */
export function relaxedCommit(text: string): { text: string; returns: boolean } {
  const returning = /\bRETURNING\b/i.exec(text);
  let body = returning ? text.slice(0, returning.index) : text;
  const update = /\bDO\s+UPDATE\s+SET\b/i.exec(body);
  const where = update ? topLevelWhere(body, update.index) : -1;
  if (where >= 0)
    body = `${body.slice(0, where)}WHERE ${RELAXED_COMMIT} IS NOT NULL AND (${body.slice(where + "WHERE".length)})`;
  const column = `${RELAXED_COMMIT} AS ${RELAXED_COLUMN}`;
  return {
    text: returning
      ? `${body}RETURNING ${column},${text.slice(returning.index + "RETURNING".length)}`
      : `${body} RETURNING ${column}`,
    returns: returning !== null,
  };
}

/** Where the first `WHERE` from `from` on stands outside any parentheses (-1: none). */
function topLevelWhere(text: string, from: number): number {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (
      depth === 0 &&
      /^WHERE\b/i.test(text.slice(i, i + 6)) &&
      (i === 0 || /\W/.test(text[i - 1]!))
    )
      return i;
  }
  return -1;
}

/**
 * Opens a pool on first use. The driver is an optional peer loaded then, so an app without
 * PostgreSQL never installs it. Every statement runs as a named prepared statement, so each
 * connection parses and plans it once: the hot path is one round trip per statement.
 */
export function openPostgresDatabase(options: PostgresConnection, helper: string): SqlDatabase {
  let opened: Promise<Pool> | undefined;
  const compiled = new Map<string, PositionalSql & { name: string }>();
  const relaxedTexts = new Map<string, ReturnType<typeof relaxedCommit>>();
  const openPool = (synchronous: boolean): Promise<Pool> =>
    importOptionalPeer("pg", helper, () => import("pg")).then(({ default: pg }) => {
      const pool = new pg.Pool({
        connectionString: options.connectionString,
        max: options.maxConnections ?? 10,
        connectionTimeoutMillis: 5_000,
        // One connection outlives the idle timeout: the first commit after a quiet spell
        // would otherwise open a connection (TCP, authentication, and every statement
        // parsed again) on its hot path.
        min: 1,
        ...(options.idleTimeoutMillis !== undefined
          ? { idleTimeoutMillis: options.idleTimeoutMillis }
          : {}),
        // A startup parameter, not a `SET` racing the first query on each new connection.
        ...(synchronous ? {} : { options: "-c synchronous_commit=off" }),
      });
      // An idle client that loses its connection must not crash the process.
      pool.on("error", () => {});
      return pool;
    });
  const synchronous = options.synchronousCommit !== false;
  const connect = (): Promise<Pool> => (opened ??= openPool(synchronous));
  // One statement as a prepared query, on the pool or on a transaction's own connection.
  const run = async <R extends object>(on: Pool | ClientBase, text: string, params: SqlParams) => {
    const sql = compile(text);
    const result = await on.query<R>({
      name: sql.name,
      text: sql.text,
      values: positionalValues(sql, params),
    });
    return { rows: result.rows, changes: result.rowCount ?? 0 };
  };
  const compile = (text: string) => {
    let sql = compiled.get(text);
    if (!sql) {
      const name = `wk_${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
      compiled.set(text, (sql = { ...toPositional(text), name }));
    }
    return sql;
  };
  // A statement with its values written in as literals, for the simple protocol, which takes
  // several statements in one round trip but no parameters. Every value goes in quoted and
  // escaped by the driver (`escapeLiteral`), so it stays of unknown type as a bound parameter
  // is, and no value can end the literal.
  const inline = (client: ClientBase, text: string, params: SqlParams): string => {
    const sql = compile(text);
    const values = positionalValues(sql, params);
    return sql.text.replace(/\$(\d+)/g, (_match, index: string) => {
      const value = values[Number(index) - 1];
      if (value === null || value === undefined) return "NULL";
      if (typeof value === "number" && !Number.isFinite(value))
        throw new TypeError("SQL parameters must be finite numbers");
      return client.escapeLiteral(String(value));
    });
  };
  const self: SqlDatabase = {
    dialect: "postgres",
    async migrate(steps) {
      const client = await (await connect()).connect();
      try {
        await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
        // Read again under the lock: another process may have made them meanwhile.
        await applyMissing(self, steps, (statement) => client.query(statement));
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => {});
        client.release();
      }
    },
    async query<R extends object>(text: string, params: SqlParams = {}) {
      return run<R>(await connect(), text, params);
    },
    async queryDeferred<R extends object>(text: string, params: SqlParams = {}) {
      if (!synchronous) return run<R>(await connect(), text, params);
      let relaxed = relaxedTexts.get(text);
      if (!relaxed) relaxedTexts.set(text, (relaxed = relaxedCommit(text)));
      const result = await run<R & { [RELAXED_COLUMN]?: unknown }>(
        await connect(),
        relaxed.text,
        params,
      );
      if (!relaxed.returns) return { rows: [], changes: result.changes };
      for (const row of result.rows) delete row[RELAXED_COLUMN];
      return result;
    },
    async transaction(work) {
      const client = await (await connect()).connect();
      let broken: unknown;
      try {
        await client.query("BEGIN");
        const tx = {
          dialect: "postgres" as const,
          query: <R extends object>(text: string, params: SqlParams = {}) =>
            run<R>(client, text, params),
        };
        const result = await work(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch((lost: unknown) => (broken = lost));
        throw error;
      } finally {
        // A connection whose rollback failed is not handed out again.
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    async transactionEndingWith(work, last) {
      const client = await (await connect()).connect();
      let begun = false;
      let broken: unknown;
      try {
        const tx = {
          dialect: "postgres" as const,
          query: async <R extends object>(text: string, params: SqlParams = {}) => {
            if (begun) return run<R>(client, text, params);
            begun = true;
            // Two statements in one simple query: the driver answers with one result each.
            const answer: unknown = await client.query(`BEGIN; ${inline(client, text, params)}`);
            const results = (Array.isArray(answer) ? answer : [answer]) as Array<QueryResult<R>>;
            const result = results[results.length - 1]!;
            return { rows: result.rows, changes: result.rowCount ?? 0 };
          },
        };
        await work(tx);
        // No row changed: 1 / 0 fails, so the COMMIT after it never runs (the rest of a
        // simple query is skipped after an error) and the rollback below undoes the writes.
        await client.query(
          `${begun ? "" : "BEGIN; "}WITH last AS (${inline(client, last.text, last.params)} RETURNING 1)
           SELECT 1 / (SELECT COUNT(*)::int FROM last) AS kept; COMMIT`,
        );
        return true;
      } catch (error) {
        await client.query("ROLLBACK").catch((lost: unknown) => (broken = lost));
        if ((error as { code?: unknown }).code === DIVISION_BY_ZERO) return false;
        throw error;
      } finally {
        client.release(broken instanceof Error ? broken : undefined);
      }
    },
    async present(targets) {
      const { rows } = await (
        await connect()
      ).query<{ present: boolean }>(
        `SELECT CASE WHEN x.c = '' THEN to_regclass(x.t) IS NOT NULL
           ELSE EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = to_regclass(x.t)
             AND a.attname = x.c AND a.attnum > 0 AND NOT a.attisdropped) END AS present
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(t, c, n) ORDER BY x.n`,
        [targets.map((target) => target.relation), targets.map((target) => target.column ?? "")],
      );
      return rows.map((row) => row.present);
    },
    async close() {
      // Never opened: nothing to end (and no driver to load just to close it).
      const pool = await opened?.catch(() => undefined);
      await pool?.end();
    },
  };
  return self;
}
