import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresStore, createSqliteStore } from "../../src/server/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { sharedStoreContract } from "./stores-contract.ts";

describe("drafts and rate limits in the SQLite store", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-shared-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  sharedStoreContract(() => createSqliteStore(join(dir, "shared.sqlite")));
});

describePostgres("drafts and rate limits in the PostgreSQL store", () => {
  sharedStoreContract(() =>
    createPostgresStore({ connectionString: DATABASE_URL!, maxConnections: 4 }),
  );
});
