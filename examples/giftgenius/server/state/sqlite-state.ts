/** The shared state in an SQLite file (WAL: several processes on one machine). */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import {
  chargeOf,
  LEDGER_ADDED,
  LEDGER_COLUMNS,
  LEDGER_TABLE,
  refundSql,
  type ChargeRow,
  type SharedState,
} from "./shared-state.ts";

/** Opens the shared tables in `file` (the idempotency store's file; `:memory:` for tests). */
export function createSqliteState(file: string): SharedState {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(LEDGER_TABLE);
  const present = new Set(
    (db.pragma("table_info(giftgenius_payments)") as Array<{ name: string }>).map((c) => c.name),
  );
  for (const [column, statement] of Object.entries(LEDGER_ADDED))
    if (!present.has(column)) db.exec(statement);
  const insertCharge = db.prepare(
    `INSERT INTO giftgenius_payments (payment_key, charge_id, amount, currency, created_at)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT (payment_key) DO NOTHING`,
  );
  const selectCharge = db.prepare<[string], ChargeRow>(
    `SELECT ${LEDGER_COLUMNS} FROM giftgenius_payments WHERE payment_key = ?`,
  );
  const refund = db.prepare<[string, string, string], ChargeRow>(refundSql(["?", "?", "?"]));
  const count = db.prepare<[], { n: number }>(
    "SELECT COUNT(*) AS n FROM giftgenius_payments WHERE voided = 0",
  );
  const all = db.prepare<[], ChargeRow & { payment_key: string }>(
    `SELECT payment_key, ${LEDGER_COLUMNS} FROM giftgenius_payments WHERE voided = 0`,
  );
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
    async recordRefund(paymentKey, refundId, at) {
      const row = refund.get(paymentKey, at, refundId);
      if (!row) throw new Error("payment record vanished");
      return chargeOf(row);
    },
    async findCharge(paymentKey) {
      const row = selectCharge.get(paymentKey);
      return row && chargeOf(row);
    },
    async countCharges() {
      return count.get()?.n ?? 0;
    },
    async listCharges() {
      return all.all().map((row) => ({ paymentKey: row.payment_key, charge: chargeOf(row)! }));
    },
    async ping() {
      db.prepare("SELECT 1").get();
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
