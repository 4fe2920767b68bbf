/**
 * Schema changes off the hot path (issue 49): a start of the kit's stores on a database that
 * has every table, index and column reads the catalogue and runs no DDL, so it takes no lock
 * on a live table. Checked on PostgreSQL with a `lock_timeout` on the starting process: while
 * another connection holds a long read — or an open write — on the records, the drafts and the
 * rate limits, a new store starts and commits; a start that asked for a lock those hold (even
 * `CREATE INDEX IF NOT EXISTS` waits behind an open write, and every commit then queues
 * behind it) fails with the lock timeout instead.
 */
import pg from "pg";
import {
  createDraftStore,
  createPostgresStore,
  createRateLimiter,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { runIdempotent } from "../../src/server/idempotency/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const TABLE = "idempotency_schema_start_test";
const KIT_TABLES = [TABLE, "widget_kit_drafts", "widget_kit_rate_limits"];

/** `DATABASE_URL` for a process whose statements give up on a lock after 300 ms. */
function impatient(url: string): string {
  const options = encodeURIComponent("-c lock_timeout=300");
  return `${url}${url.includes("?") ? "&" : "?"}options=${options}`;
}

/** A store with its drafts and rate limits, started: every table made or found. */
async function start(connectionString: string): Promise<IdempotencyStore> {
  const store = createPostgresStore({ connectionString, table: TABLE, maxConnections: 2 });
  await store.init();
  await createDraftStore(store, { name: "schema_start", ttlMs: 60_000 }).put("s", { n: 1 });
  await createRateLimiter(store, { name: "schema_start", limit: 5, windowMs: 60_000 }).take("s");
  return store;
}

describePostgres("a start while the kit's tables are in use", () => {
  let holder: pg.Client;
  beforeAll(async () => {
    // The first start ever makes the tables (DDL, under the migration lock).
    await (await start(DATABASE_URL!)).close();
    holder = new pg.Client({ connectionString: DATABASE_URL });
    await holder.connect();
  });
  afterAll(() => holder.end());

  it.each([
    ["a long read", "ACCESS SHARE"],
    ["an open write", "ROW EXCLUSIVE"],
  ])("with %s held on every kit table, a new store starts and commits", async (_what, mode) => {
    await holder.query("BEGIN");
    try {
      for (const table of KIT_TABLES) await holder.query(`LOCK TABLE ${table} IN ${mode} MODE`);
      const store = await start(impatient(DATABASE_URL!));
      try {
        const outcome = await runIdempotent({
          store,
          scope: "schema-start",
          key: `key-${mode}-${Date.now()}`,
          args: {},
          execute: async () => ({ final: true, value: "done" }),
        });
        expect(outcome).toMatchObject({ state: "fresh", stored: true });
        // The holder is still in its transaction: nothing above waited for it to end.
        const { rows } = await holder.query<{ n: number }>(
          "SELECT COUNT(*)::int AS n FROM pg_locks WHERE pid = pg_backend_pid() AND relation = to_regclass($1)",
          [TABLE],
        );
        expect(rows[0]!.n).toBe(1);
      } finally {
        await store.close();
      }
    } finally {
      await holder.query("ROLLBACK");
    }
  });
});
