/** The ledger on PostgreSQL: every server process on one database sees one ledger. */
import pg from "pg";
import {
  chargeOf,
  LEDGER_ADDED,
  LEDGER_COLUMNS,
  LEDGER_TABLE,
  refundSql,
  type ChargeRow,
  type SharedState,
} from "./shared-state.ts";

/** Opens the shared tables on `connectionString` (the idempotency store's database). */
export function createPostgresState(connectionString: string, maxConnections = 5): SharedState {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    connectionTimeoutMillis: 5_000,
    // One connection outlives the idle timeout, so a charge after a quiet spell does not
    // open one first.
    min: 1,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  return {
    name: "postgres",
    async init() {
      // The catalogue first, which takes no lock: a start while a backup or a long read holds
      // the ledger must not queue an ALTER TABLE (an exclusive lock) that every charge then
      // queues behind. DDL runs only when something is missing.
      const { rows } = await pool.query<{ column_name: string }>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'giftgenius_payments'`,
      );
      const present = new Set(rows.map((row) => row.column_name));
      if (present.size > 0 && Object.keys(LEDGER_ADDED).every((column) => present.has(column)))
        return;
      const client = await pool.connect();
      try {
        // Concurrent CREATE TABLE IF NOT EXISTS can collide on the type catalog; serialise it.
        await client.query("SELECT pg_advisory_lock(727275)");
        await client.query(LEDGER_TABLE);
        for (const statement of Object.values(LEDGER_ADDED))
          await client.query(statement.replace("ADD COLUMN", "ADD COLUMN IF NOT EXISTS"));
      } finally {
        await client.query("SELECT pg_advisory_unlock(727275)").catch(() => {});
        client.release();
      }
    },
    async recordCharge(paymentKey, charge) {
      const values = [
        paymentKey,
        charge.chargeId,
        charge.amount.amount,
        charge.amount.currency,
        charge.createdAt,
      ];
      // One round trip: the insert, or the row that stands (a charge, a refund, a void key).
      // A row another transaction committed after this statement's snapshot is neither
      // inserted nor seen: read it then.
      const { rows } = await pool.query<ChargeRow & { created: boolean }>({
        name: "giftgenius_record_charge",
        text: `WITH inserted AS (
            INSERT INTO giftgenius_payments (payment_key, charge_id, amount, currency, created_at)
            VALUES ($1, $2, $3, $4, $5) ON CONFLICT (payment_key) DO NOTHING
            RETURNING ${LEDGER_COLUMNS})
          SELECT ${LEDGER_COLUMNS}, true AS created FROM inserted
          UNION ALL
          SELECT ${LEDGER_COLUMNS}, false AS created FROM giftgenius_payments
          WHERE payment_key = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
        values,
      });
      const row =
        rows[0] ??
        (
          await pool.query<ChargeRow & { created: boolean }>(
            `SELECT ${LEDGER_COLUMNS}, false AS created FROM giftgenius_payments WHERE payment_key = $1`,
            [paymentKey],
          )
        ).rows[0];
      if (!row) throw new Error("payment record vanished");
      return { charge: chargeOf(row), created: row.created };
    },
    async recordRefund(paymentKey, refundId, at) {
      const { rows } = await pool.query<ChargeRow>({
        name: "giftgenius_record_refund",
        text: refundSql(["$1", "$2", "$3"]),
        values: [paymentKey, at, refundId],
      });
      if (!rows[0]) throw new Error("payment record vanished");
      return chargeOf(rows[0]);
    },
    async findCharge(paymentKey) {
      const { rows } = await pool.query<ChargeRow>(
        `SELECT ${LEDGER_COLUMNS} FROM giftgenius_payments WHERE payment_key = $1`,
        [paymentKey],
      );
      return rows[0] && chargeOf(rows[0]);
    },
    async countCharges() {
      const { rows } = await pool.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM giftgenius_payments WHERE voided = 0",
      );
      return Number(rows[0]?.n ?? 0);
    },
    async listCharges() {
      const { rows } = await pool.query<ChargeRow & { payment_key: string }>(
        `SELECT payment_key, ${LEDGER_COLUMNS} FROM giftgenius_payments WHERE voided = 0`,
      );
      return rows.map((row) => ({ paymentKey: row.payment_key, charge: chargeOf(row)! }));
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async close() {
      await pool.end();
    },
  };
}
