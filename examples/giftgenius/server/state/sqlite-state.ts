/** The shared state in an SQLite file (WAL: several processes on one machine). */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { chargeOf, type ChargeRow, type SharedState } from "./shared-state.ts";

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
      return { charge: chargeOf(row), created };
    },
    async findCharge(paymentKey) {
      const row = selectCharge.get(paymentKey);
      return row && chargeOf(row);
    },
    async countCharges() {
      return count.get()?.n ?? 0;
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
