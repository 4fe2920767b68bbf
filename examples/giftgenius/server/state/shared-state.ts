/**
 * The fake payment provider's ledger, kept in the same database as the idempotency records
 * (SQLite file or PostgreSQL), so it holds across server processes and restarts as a real
 * provider's does: an in-process ledger would charge a retried payment again. (The daily
 * limit is the kit's rate limiter, in the same database: `daily-limit.ts`.)
 */
import type { Money } from "mcp-widget-kit/contract";

/** A charge the provider made. */
export interface Charge {
  chargeId: string;
  amount: Money;
  createdAt: string;
}

/** The shared tables. Every method is one atomic statement, safe under concurrent processes. */
export interface SharedState {
  readonly name: string;
  /** Creates the tables if needed (idempotent, from several processes at once). */
  init(): Promise<void>;
  /**
   * Records `charge` under `paymentKey` unless that key was charged before (by any process);
   * returns the charge that stands and whether this call created it.
   */
  recordCharge(paymentKey: string, charge: Charge): Promise<{ charge: Charge; created: boolean }>;
  /** The charge made under `paymentKey`, if any (tests check what each order was charged). */
  findCharge(paymentKey: string): Promise<Charge | undefined>;
  /** How many charges the ledger holds. */
  countCharges(): Promise<number>;
  /** Rejects when the database cannot answer now (the health check asks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A row of `giftgenius_payments`, as both stores read it. */
export interface ChargeRow {
  charge_id: string;
  amount: string;
  currency: string;
  created_at: string;
}

/** A ledger row as a charge. */
export function chargeOf(row: ChargeRow): Charge {
  return {
    chargeId: row.charge_id,
    amount: { amount: row.amount, currency: row.currency },
    createdAt: row.created_at,
  };
}
