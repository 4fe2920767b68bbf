/**
 * A GiftGenius start never queues behind a long read of its ledger: it reads the catalogue
 * first and runs no DDL when the table has every column. Tried with a lock timeout of 300 ms
 * on the starting process while another connection holds the ledger in a transaction: an
 * ALTER TABLE (what every start ran before) would wait for it and fail; the start goes through.
 * PostgreSQL only: it runs when DATABASE_URL is set, and fails under CI=true without it.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresState } from "../server/state/postgres-state.ts";

const url = process.env.DATABASE_URL;

describe("the ledger's start on PostgreSQL", () => {
  it.runIf(url || process.env.CI === "true")(
    "takes no lock on a ledger another connection is reading",
    async () => {
      if (!url) throw new Error("DATABASE_URL is not set: this test needs PostgreSQL");
      const first = createPostgresState(url, 1);
      await first.init();
      const reader = new pg.Client({ connectionString: url });
      await reader.connect();
      const impatient = new URL(url);
      impatient.searchParams.set("options", "-c lock_timeout=300");
      const second = createPostgresState(impatient.toString(), 1);
      try {
        await reader.query("BEGIN");
        await reader.query("SELECT count(*) FROM giftgenius_payments");
        await expect(second.init()).resolves.toBeUndefined();
      } finally {
        await reader.query("ROLLBACK");
        await reader.end();
        await first.close();
        await second.close();
      }
    },
  );
});
