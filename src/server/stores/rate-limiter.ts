/**
 * A rate limit per caller and window, counted in the shared store: every server process on
 * one database sees one count, and a restart or a new connection grants nothing new (an
 * in-memory count let each process grant a fresh limit).
 */
import { STORE_INTEGER_MAX } from "../app/setting-bounds.ts";
import { RATE_LIMITED } from "../../contract/error-codes.ts";
import type { IdempotencyStore } from "../idempotency/store.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import { ToolFailure } from "../tool-failure.ts";
import { deleteBatch } from "./bounded-delete.ts";
import { plainIdentifier } from "./named-sql.ts";
import { migrateOnce, sqlDatabaseOf } from "./sql-database.ts";

/** A limit of uses per caller scope and window. */
export interface RateLimiter {
  /**
   * Counts one use of `scope` if the window has room — one atomic statement. `ok: true`:
   * counted, `remaining` uses are left in this window; `ok: false`: not counted, the window is
   * full and ends in `retryAfterSeconds` (at least 1; `rateLimitFailure` answers it).
   */
  take(
    scope: string,
  ): Promise<{ ok: true; remaining: number } | { ok: false; retryAfterSeconds: number }>;
  /**
   * Deletes counts of windows that ended, at most `limit` (default 1000) in one statement;
   * returns how many. Safe from several processes at once.
   */
  purgeExpired(limit?: number): Promise<number>;
}

const TABLE = plainIdentifier("widget_kit_rate_limits");

/**
 * A rate limiter in the database of `store` (from `createSqliteStore` or
 * `createPostgresStore`; any other store is a TypeError), in the table
 * `widget_kit_rate_limits`, made on first use.
 */
export function createRateLimiter(
  store: IdempotencyStore,
  options: {
    /** What is limited (a plain lower-case identifier): limiters with other names never meet. */
    name: string;
    /** Uses per caller scope and window, up to 2 147 483 647; 0 refuses everything. */
    limit: number;
    /** The window (ms), aligned to the epoch: 86 400 000 is the UTC day. */
    windowMs: number;
    /** The clock (ms since the epoch); default `Date.now`. */
    now?: () => number;
  },
): RateLimiter {
  const db = sqlDatabaseOf(store, "createRateLimiter");
  const name = plainIdentifier(options.name, "name");
  const { limit, windowMs } = options;
  // `used` is an `integer` column: a larger limit would overflow it on PostgreSQL at every take.
  if (!Number.isInteger(limit) || limit < 0 || limit > STORE_INTEGER_MAX)
    throw new RangeError(`limit must be an integer from 0 to ${STORE_INTEGER_MAX}`);
  if (!Number.isInteger(windowMs) || windowMs <= 0)
    throw new RangeError("windowMs must be a positive integer");
  const now = options.now ?? Date.now;
  const ready = migrateOnce(db, [
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
      name TEXT NOT NULL, scope TEXT NOT NULL, window_start BIGINT NOT NULL, used INTEGER NOT NULL,
      PRIMARY KEY (name, scope, window_start))`,
    // The purge's search (windows that ended): the primary key leads with the scope, so
    // without it every batch walked all of a limiter's rows (5,700 rows/s on PostgreSQL).
    `CREATE INDEX IF NOT EXISTS ${TABLE}_window ON ${TABLE} (name, window_start)`,
  ]);
  return {
    async take(scope) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      const full = {
        ok: false as const,
        retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)),
      };
      if (limit === 0) return full;
      await ready();
      // The upsert counts only below the limit: a full window updates nothing, returns no row.
      const { rows } = await db.query<{ used: number }>(
        `INSERT INTO ${TABLE} AS u (name, scope, window_start, used) VALUES (:name, :scope, :window_start, 1)
         ON CONFLICT (name, scope, window_start) DO UPDATE SET used = u.used + 1 WHERE u.used < :limit
         RETURNING used`,
        { name, scope, window_start: windowStart, limit },
      );
      const used = rows[0]?.used;
      return used === undefined ? full : { ok: true, remaining: limit - Number(used) };
    },
    async purgeExpired(limit) {
      await ready();
      return deleteBatch(
        db,
        TABLE,
        (r) => `${r}.name = :name AND ${r}.window_start <= :before`,
        { name, before: now() - windowMs },
        limit,
      );
    },
  };
}

/**
 * The failure a tool throws when `take` refused: `RATE_LIMITED`, retryable after the rest of
 * the window (`retry_after_seconds`, which the HTTP layer may also send as `Retry-After`),
 * nothing changed.
 */
export function rateLimitFailure(decision: { retryAfterSeconds: number }): ToolFailure {
  return new ToolFailure({
    code: RATE_LIMITED,
    message: "Too many requests from this caller; wait before trying again.",
    retryable: true,
    retry_after_seconds: decision.retryAfterSeconds,
    next_action: NEXT_ACTIONS.retryLater,
    changes: "none",
  });
}
