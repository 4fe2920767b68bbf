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
  /** Set once the charge was refunded (`refund`): the money went back. */
  refundId?: string;
}

/** A charge as the ledger lists it, with its payment key. */
export interface LedgerEntry {
  paymentKey: string;
  charge: Charge;
}

/** The shared tables. Every method is one atomic statement, safe under concurrent processes. */
export interface SharedState {
  readonly name: string;
  /** Creates the tables if needed (idempotent, from several processes at once). */
  init(): Promise<void>;
  /**
   * Records `charge` under `paymentKey` unless that key was charged before (by any process);
   * returns the charge that stands and whether this call created it. A key refunded before it
   * was ever charged is void: nothing is charged, `charge` is `undefined`.
   */
  recordCharge(
    paymentKey: string,
    charge: Charge,
  ): Promise<{ charge: Charge | undefined; created: boolean }>;
  /**
   * Refunds the charge under `paymentKey` (once: a repeat returns the same refund), or voids
   * the key when it was never charged, so a charge arriving later (a stalled attempt) is
   * refused. Returns the refunded charge, or `undefined` when there was none. One statement,
   * on the key's row: a charge and a refund of one key racing are serialised by it.
   */
  recordRefund(paymentKey: string, refundId: string, at: string): Promise<Charge | undefined>;
  /** The charge made under `paymentKey`, if any (tests check what each order was charged). */
  findCharge(paymentKey: string): Promise<Charge | undefined>;
  /** How many charges the ledger holds (refunded ones too, void keys not). */
  countCharges(): Promise<number>;
  /** Every charge, refunded or not (tests check each has its order or its refund). */
  listCharges(): Promise<LedgerEntry[]>;
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
  refund_id: string | null;
  /** 1: a key refunded before any charge (no money moved; later charges are refused). */
  voided: number;
}

/** The ledger's table (both stores): one row per payment key, charged, refunded or void. */
export const LEDGER_TABLE = `CREATE TABLE IF NOT EXISTS giftgenius_payments (
  payment_key TEXT PRIMARY KEY, charge_id TEXT NOT NULL, amount TEXT NOT NULL,
  currency TEXT NOT NULL, created_at TEXT NOT NULL, refund_id TEXT, voided INTEGER NOT NULL DEFAULT 0)`;

/** Columns a ledger made before refunds lacks. */
export const LEDGER_ADDED = {
  refund_id: "ALTER TABLE giftgenius_payments ADD COLUMN refund_id TEXT",
  voided: "ALTER TABLE giftgenius_payments ADD COLUMN voided INTEGER NOT NULL DEFAULT 0",
} as const;

/** The columns a ledger row is read with. */
export const LEDGER_COLUMNS = "charge_id, amount, currency, created_at, refund_id, voided";

/**
 * The refund (or the void, for a key never charged) in one upsert on the key's row: the same
 * statement on both stores, each with its own placeholders (key, time, refund id).
 */
export function refundSql(placeholders: [string, string, string]): string {
  const [key, at, refund] = placeholders;
  return `INSERT INTO giftgenius_payments (payment_key, charge_id, amount, currency, created_at, refund_id, voided)
    VALUES (${key}, '', '0', '', ${at}, ${refund}, 1)
    ON CONFLICT (payment_key) DO UPDATE SET refund_id = COALESCE(giftgenius_payments.refund_id, excluded.refund_id)
    RETURNING ${LEDGER_COLUMNS}`;
}

/** A ledger row as a charge; a void key's row is no charge. */
export function chargeOf(row: ChargeRow): Charge | undefined {
  if (Number(row.voided) === 1) return undefined;
  return {
    chargeId: row.charge_id,
    amount: { amount: row.amount, currency: row.currency },
    createdAt: row.created_at,
    ...(row.refund_id ? { refundId: row.refund_id } : {}),
  };
}
