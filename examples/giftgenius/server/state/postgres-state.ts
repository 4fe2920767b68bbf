/** The shared state on PostgreSQL: every server process on one database sees one limit and one ledger. */
import pg from "pg";
import type { SharedState } from "./shared-state.ts";

interface ChargeRow {
  charge_id: string;
  amount: string;
  currency: string;
  created_at: string;
}

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
        await client.query(`CREATE TABLE IF NOT EXISTS giftgenius_daily_usage (
          scope TEXT NOT NULL, day INTEGER NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (scope, day))`);
        await client.query(`CREATE TABLE IF NOT EXISTS giftgenius_payments (
          payment_key TEXT PRIMARY KEY, charge_id TEXT NOT NULL, amount TEXT NOT NULL,
          currency TEXT NOT NULL, created_at TEXT NOT NULL)`);
      } finally {
        await client.query("SELECT pg_advisory_unlock(727275)").catch(() => {});
        client.release();
      }
    },
    async takeDaily(scope, day, limit) {
      if (limit <= 0) return false;
      // The upsert counts only below the limit: a full day updates nothing and returns no row.
      const result = await pool.query(
        `INSERT INTO giftgenius_daily_usage AS u (scope, day, used) VALUES ($1, $2, 1)
         ON CONFLICT (scope, day) DO UPDATE SET used = u.used + 1 WHERE u.used < $3 RETURNING used`,
        [scope, day, limit],
      );
      return result.rowCount === 1;
    },
    async recordCharge(paymentKey, charge) {
      const inserted = await pool.query(
        `INSERT INTO giftgenius_payments (payment_key, charge_id, amount, currency, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (payment_key) DO NOTHING`,
        [
          paymentKey,
          charge.chargeId,
          charge.amount.amount,
          charge.amount.currency,
          charge.createdAt,
        ],
      );
      const { rows } = await pool.query<ChargeRow>(
        "SELECT charge_id, amount, currency, created_at FROM giftgenius_payments WHERE payment_key = $1",
        [paymentKey],
      );
      const row = rows[0];
      if (!row) throw new Error("payment record vanished");
      return {
        charge: {
          chargeId: row.charge_id,
          amount: { amount: row.amount, currency: row.currency },
          createdAt: row.created_at,
        },
        created: inserted.rowCount === 1,
      };
    },
    async countCharges() {
      const { rows } = await pool.query<{ n: string }>(
        "SELECT COUNT(*) AS n FROM giftgenius_payments",
      );
      return Number(rows[0]?.n ?? 0);
    },
    async ping() {
      await pool.query("SELECT 1");
    },
    async purgeDaysBefore(day) {
      await pool.query("DELETE FROM giftgenius_daily_usage WHERE day < $1", [day]);
    },
    async close() {
      await pool.end();
    },
  };
}
