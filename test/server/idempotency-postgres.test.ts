import { createPostgresStore } from "../../src/server/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { storeContract } from "./store-contract.ts";

describePostgres("PostgreSQL idempotency store", () => {
  storeContract(async () =>
    createPostgresStore({ connectionString: DATABASE_URL!, table: "idempotency_records_test" }),
  );
});
