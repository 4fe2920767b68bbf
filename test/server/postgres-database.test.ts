/**
 * The PostgreSQL database under the kit's stores (docs/server.md, "PostgreSQL durability"): a
 * deferred write (`queryDeferred`: the claim and a redoable completion) commits without
 * waiting for the disk, on the same pool as every durable write — and the setting never
 * outlives its own statement: the next statement on that same connection waits for its flush
 * again. The pool keeps a connection through idle spells.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openPostgresDatabase } from "../../src/server/stores/postgres-database.ts";
import type { SqlDatabase } from "../../src/server/stores/sql-database.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

describePostgres("deferred writes on PostgreSQL", () => {
  const table = `relaxed_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  let db: SqlDatabase;
  const setting = "current_setting('synchronous_commit') AS setting";
  beforeAll(async () => {
    // One connection: the durable statement after a deferred one runs where it ran.
    db = openPostgresDatabase({ connectionString: DATABASE_URL!, maxConnections: 1 }, "test");
    await db.query(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, n INTEGER NOT NULL)`);
  });
  afterAll(async () => {
    await db.query(`DROP TABLE IF EXISTS ${table}`);
    await db.close();
  });

  it("a deferred write commits with synchronous_commit off; the next write on its connection waits again", async () => {
    const deferred = await db.queryDeferred<{ setting: string }>(
      `INSERT INTO ${table} (id, n) VALUES (:id, 1) RETURNING ${setting}`,
      { id: "a" },
    );
    expect(deferred).toEqual({ rows: [{ setting: "off" }], changes: 1 });
    const durable = await db.query<{ setting: string }>(
      `UPDATE ${table} SET n = n + 1 WHERE id = :id RETURNING ${setting}`,
      { id: "a" },
    );
    expect(durable).toEqual({ rows: [{ setting: "on" }], changes: 1 });
  });

  it("a deferred upsert that meets a row and writes nothing (it locked it) commits relaxed too", async () => {
    // The update's condition reads the setting after the statement turned it off: false, so
    // nothing is written; were it still on, the row would be updated.
    const upsert = `INSERT INTO ${table} (id, n) VALUES (:id, 1) ON CONFLICT (id)
      DO UPDATE SET n = 99 WHERE current_setting('synchronous_commit') = 'on' RETURNING n`;
    expect(await db.queryDeferred(upsert, { id: "b" })).toEqual({ rows: [{ n: 1 }], changes: 1 });
    expect(await db.queryDeferred(upsert, { id: "b" })).toEqual({ rows: [], changes: 0 });
    await db.query(`DELETE FROM ${table} WHERE id = :id`, { id: "b" });
  });

  it("a deferred write without RETURNING answers how many rows it changed, and no rows", async () => {
    const update = `UPDATE ${table} SET n = n + 1 WHERE id = :id`;
    expect(await db.queryDeferred(update, { id: "a" })).toEqual({ rows: [], changes: 1 });
    expect(await db.queryDeferred(update, { id: "missing" })).toEqual({ rows: [], changes: 0 });
    const { rows } = await db.query<{ n: number }>(`SELECT n FROM ${table} WHERE id = :id`, {
      id: "a",
    });
    expect(rows).toEqual([{ n: 3 }]);
  });
});

describePostgres("the PostgreSQL pool through an idle spell", () => {
  it("keeps one connection open past the idle timeout, so the next commit does not connect first", async () => {
    const db = openPostgresDatabase(
      { connectionString: DATABASE_URL!, idleTimeoutMillis: 20 },
      "test",
    );
    const observer = openPostgresDatabase({ connectionString: DATABASE_URL! }, "test");
    try {
      // Two connections at once, then idle: one may close, the other stays.
      const pids = await Promise.all(
        [0, 1].map(async () => {
          const { rows } = await db.query<{ pid: number }>(
            "SELECT pg_backend_pid() AS pid, pg_sleep(0.05)",
          );
          return rows[0]!.pid;
        }),
      );
      expect(new Set(pids).size).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const { rows } = await observer.query<{ open: string }>(
        "SELECT count(*) AS open FROM pg_stat_activity WHERE pid IN (:a, :b)",
        { a: pids[0]!, b: pids[1]! },
      );
      expect(Number(rows[0]!.open)).toBe(1);
    } finally {
      await db.close();
      await observer.close();
    }
  });
});
