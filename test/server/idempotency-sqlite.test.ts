import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { createSqliteStore } from "../../src/server/index.ts";
import { legacyLayoutContract, storeContract } from "./store-contract.ts";

describe("SQLite idempotency store", () => {
  const dir = mkdtempSync(join(tmpdir(), "giftgenius-sqlite-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  storeContract(async () => createSqliteStore(join(dir, "nested", "idem.sqlite")));

  describe("on a table of the earlier layout", () => {
    const file = join(dir, "legacy.sqlite");
    legacyLayoutContract(
      "idempotency_records",
      async (text, params = []) => {
        const db = new Database(file);
        try {
          db.prepare(text.replace(/\$\d+/g, "?")).run(...params);
        } finally {
          db.close();
        }
      },
      async () => createSqliteStore(file),
    );
  });
});
