import pg from "pg";
import { createPostgresStore } from "../../src/server/index.ts";
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
