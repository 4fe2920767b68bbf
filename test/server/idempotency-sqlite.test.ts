import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "../../src/server/index.ts";
import { storeContract } from "./store-contract.ts";

describe("SQLite idempotency store", () => {
  const dir = mkdtempSync(join(tmpdir(), "giftgenius-sqlite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  storeContract(async () => createSqliteStore(join(dir, "nested", "idem.sqlite")));
});
