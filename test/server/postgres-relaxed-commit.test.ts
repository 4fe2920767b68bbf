/**
 * A deferred write on PostgreSQL (`queryDeferred`: the claim and a redoable completion, see
 * docs/server.md, "PostgreSQL durability") commits without waiting for the disk, on the same
 * pool as every durable write — and the setting never outlives its own statement: the next
 * statement on that same connection waits for its flush again.
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
