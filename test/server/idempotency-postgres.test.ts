import { randomUUID } from "node:crypto";
import pg from "pg";
import { pgTraffic } from "../../bench/pg-traffic.ts";
import { createPostgresStore, runCommit } from "../../src/server/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { legacyLayoutContract, storeContract } from "./store-contract.ts";

describePostgres("PostgreSQL idempotency store", () => {
  storeContract(async () =>
    createPostgresStore({ connectionString: DATABASE_URL!, table: "idempotency_records_test" }),
  );

  it("takes the database URL alone, as DATABASE_URL gives it", async () => {
    const store = createPostgresStore(DATABASE_URL!);
    try {
      await store.init();
      expect(store.name).toBe("postgres");
    } finally {
      await store.close();
    }
  });

  it("a commit judged first sends its claim and capture as one durable write: 2 round trips and 1 durable commit, where claiming first takes 3", async () => {
    const store = createPostgresStore({
      connectionString: DATABASE_URL!,
      table: "idempotency_records_test",
    });
    const commit = (judgeFirst: boolean) =>
      runCommit<string, { total: number }>({
        store,
        args: { draft_id: `d-${randomUUID()}`, idempotency_key: `k-${randomUUID()}` },
        context: { caller: "traffic" },
        judgeFirst,
        async execute(effect) {
          await effect.capture({ total: 1 });
          return { final: true, value: "placed", deferFlush: true };
        },
      });
    try {
      await commit(true); // warm: the table made, the statements prepared
      await commit(false);
      expect(await pgTraffic(() => commit(true))).toEqual({
        roundTrips: 2,
        statements: 2,
        durableCommits: 1,
      });
      expect(await pgTraffic(() => commit(false))).toEqual({
        roundTrips: 3,
        statements: 3,
        durableCommits: 1,
      });
    } finally {
      await store.close();
    }
  });

  describe("on a table of the earlier layout", () => {
    const table = "idempotency_records_legacy_test";
    legacyLayoutContract(
      table,
      async (text, params = []) => {
        const client = new pg.Client({ connectionString: DATABASE_URL });
        await client.connect();
        try {
          await client.query(text, params);
        } finally {
          await client.end();
        }
      },
      async () => createPostgresStore({ connectionString: DATABASE_URL!, table }),
    );
  });
});
