/**
 * GiftGenius state that must hold across server processes and restarts, kept in the same
 * database as the idempotency records (SQLite file or PostgreSQL): the daily limit per caller
 * and the fake payment provider's ledger. In-process counters would let every process (and
 * every restart) grant a fresh limit and charge a retried payment again.
 */
import type { Money } from "widget-kit/contract";

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
  /** Counts one use of `scope` on UTC day `day`; false (and nothing counted) at `limit`. */
  takeDaily(scope: string, day: number, limit: number): Promise<boolean>;
  /**
   * Records `charge` under `paymentKey` unless that key was charged before (by any process);
   * returns the charge that stands and whether this call created it.
   */
  recordCharge(paymentKey: string, charge: Charge): Promise<{ charge: Charge; created: boolean }>;
  /** How many charges the ledger holds. */
  countCharges(): Promise<number>;
  /** Rejects when the database cannot answer now (the health check asks). */
  ping(): Promise<void>;
  /** Drops daily counters older than `day`. */
  purgeDaysBefore(day: number): Promise<void>;
  close(): Promise<void>;
}

/** The UTC day number of `now` (ms since the epoch). */
export function utcDay(now: number): number {
  return Math.floor(now / 86_400_000);
}
