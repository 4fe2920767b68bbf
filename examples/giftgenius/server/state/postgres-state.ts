/** The ledger on PostgreSQL: every server process on one database sees one ledger. */
import pg from "pg";
import { chargeOf, type ChargeRow, type SharedState } from "./shared-state.ts";

/** Opens the shared tables on `connectionString` (the idempotency store's database). */
export function createPostgresState(connectionString: string, maxConnections = 5): SharedState {
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  return {
    name: "postgres",
    async init() {
      const client = await pool.connect();
      try {
        // Concurrent CREATE TABLE IF NOT EXISTS can collide on the type catalog; serialise it.
        await client.query("SELECT pg_advisory_lock(727275)");
        await client.query(`CREATE TABLE IF NOT EXISTS giftgenius_payments (
          payment_key TEXT PRIMARY KEY, charge_id TEXT NOT NULL, amount TEXT NOT NULL,
          currency TEXT NOT NULL, created_at TEXT NOT NULL)`);
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
      // One round trip: the insert, or the charge that stands. A charge another transaction
      // committed after this statement's snapshot is neither inserted nor seen: read it then.
      const { rows } = await pool.query<ChargeRow & { created: boolean }>({
        name: "giftgenius_record_charge",
        text: `WITH inserted AS (
            INSERT INTO giftgenius_payments (payment_key, charge_id, amount, currency, created_at)
            VALUES ($1, $2, $3, $4, $5) ON CONFLICT (payment_key) DO NOTHING
            RETURNING charge_id, amount, currency, created_at)
          SELECT charge_id, amount, currency, created_at, true AS created FROM inserted
          UNION ALL
          SELECT charge_id, amount, currency, created_at, false AS created FROM giftgenius_payments
          WHERE payment_key = $1 AND NOT EXISTS (SELECT 1 FROM inserted)`,
        values,
      });
      const row =
        rows[0] ??
        (
          await pool.query<ChargeRow & { created: boolean }>(
            "SELECT charge_id, amount, currency, created_at, false AS created FROM giftgenius_payments WHERE payment_key = $1",
            [paymentKey],
          )
        ).rows[0];
      if (!row) throw new Error("payment record vanished");
      return { charge: chargeOf(row), created: row.created };
    },
    async findCharge(paymentKey) {
      const { rows } = await pool.query<ChargeRow>(
        "SELECT charge_id, amount, currency, created_at FROM giftgenius_payments WHERE payment_key = $1",
        [paymentKey],
      );
      return rows[0] && chargeOf(rows[0]);
    },
    async countCharges() {
      const { rows } = await pool.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM giftgenius_payments",
      );
      return Number(rows[0]?.n ?? 0);
    },
    async close() {
      await pool.end();
    },
  };
}
