/** The shared state in an SQLite file (WAL: several processes on one machine). */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { Charge, SharedState } from "./shared-state.ts";

interface ChargeRow {
  charge_id: string;
  amount: string;
  currency: string;
  created_at: string;
}

/** Opens the shared tables in `file` (the idempotency store's file; `:memory:` for tests). */
export function createSqliteState(file: string): SharedState {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(`CREATE TABLE IF NOT EXISTS giftgenius_payments (
    payment_key TEXT PRIMARY KEY, charge_id TEXT NOT NULL, amount TEXT NOT NULL,
    currency TEXT NOT NULL, created_at TEXT NOT NULL)`);
  const insertCharge = db.prepare(
    `INSERT INTO giftgenius_payments (payment_key, charge_id, amount, currency, created_at)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT (payment_key) DO NOTHING`,
  );
  const selectCharge = db.prepare<[string], ChargeRow>(
    "SELECT charge_id, amount, currency, created_at FROM giftgenius_payments WHERE payment_key = ?",
  );
  const count = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM giftgenius_payments");
  return {
    name: "sqlite",
    async init() {},
    async recordCharge(paymentKey, charge) {
      const { chargeId, amount, createdAt } = charge;
      const created =
        insertCharge.run(paymentKey, chargeId, amount.amount, amount.currency, createdAt)
          .changes === 1;
      const row = selectCharge.get(paymentKey);
      if (!row) throw new Error("payment record vanished");
      const stored: Charge = {
        chargeId: row.charge_id,
        amount: { amount: row.amount, currency: row.currency },
        createdAt: row.created_at,
      };
      return { charge: stored, created };
    },
    async countCharges() {
      return count.get()?.n ?? 0;
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
