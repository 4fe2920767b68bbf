/**
 * Retention in bounded batches: each purge deletes at most `limit` rows in one statement, so
 * no purge holds a lock on a large table for long, and several processes purging at once
 * share the work instead of queueing (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite serialises
 * writers itself). The condition is checked again on the row deleted, so a row claimed again
 * between the pick and the delete stays.
 */
import type { SqlParams } from "./named-sql.ts";
import type { SqlDatabase } from "./sql-database.ts";

/** Rows one purge call deletes at most, unless told otherwise. */
export const DEFAULT_PURGE_BATCH = 1_000;

/**
 * Deletes at most `limit` rows of `table` for which `where(alias)` holds (an SQL condition on
 * the rows of that alias, with `params`); returns how many it deleted.
 */
export async function deleteBatch(
  db: SqlDatabase,
  table: string,
  where: (alias: string) => string,
  params: SqlParams,
  limit: number = DEFAULT_PURGE_BATCH,
): Promise<number> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError("limit must be a positive integer");
  const text =
    db.dialect === "postgres"
      ? // The re-check is written so no index can serve it (IS TRUE): the rows are then fetched
        // by their ctid (a TID scan), not by walking the condition's index and comparing each
        // row with the picked list (on a freshly filled table: 180 ms a batch, not 2 ms).
        `DELETE FROM ${table} AS r WHERE r.ctid = ANY(ARRAY(
           SELECT p.ctid FROM ${table} AS p WHERE ${where("p")} LIMIT :purge_limit FOR UPDATE SKIP LOCKED))
         AND (${where("r")}) IS TRUE`
      : `DELETE FROM ${table} AS r WHERE r.rowid IN (
           SELECT p.rowid FROM ${table} AS p WHERE ${where("p")} LIMIT :purge_limit)
         AND ${where("r")}`;
  return (await db.query(text, { ...params, purge_limit: limit })).changes;
}
