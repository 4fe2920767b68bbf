/**
 * GiftGenius' fake merchant checkout: the external page where the person pays, as a real
 * merchant's checkout API behaves (Stripe Checkout's sessions with an `Idempotency-Key`).
 * Creating a session with a key creates it once — a repeat with that key, from any process,
 * returns the session that stands — and the provider's webhook settles a session once: paid
 * while it is open, or — once it has ended (expired, or closed by `end`) — its payment refunded,
 * never paid. Its sessions live in the app's database (PostgreSQL or SQLite), so every process
 * of the app sees one merchant, as they would a real one. docs/checkout.md, "External checkout".
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import type { Money } from "mcp-widget-kit/contract";
import { checkoutPagePath } from "../../checkout-page.ts";

/** The merchant's refund of the provider's payment `paymentId`: one refund per payment. */
export function refundIdOf(paymentId: string): string {
  return `re_${createHash("sha256").update(`refund:${paymentId}`).digest("hex").slice(0, 24)}`;
}

/**
 * One checkout session at the merchant. `paidAt` is set once, by the provider's webhook, and
 * only while the session is open; `endedAt` once it ended unpaid; `refundId` once a payment
 * that arrived after the end was refunded. Paid or refunded, never both.
 */
export interface MerchantSession {
  readonly sessionId: string;
  readonly orderId: string;
  readonly draftId: string;
  readonly total: Money;
  readonly url: string;
  /** After this (ms since the epoch) an unpaid session can no longer be paid. */
  readonly expiresAt: number;
  readonly paidAt: number | null;
  /** The provider's payment: the one that paid the session, or the one refunded. */
  readonly paymentId: string | null;
  /** When the session ended unpaid (its expiry seen, or a late payment refunded). */
  readonly endedAt: number | null;
  /** The refund of a payment that arrived after the session ended. */
  readonly refundId: string | null;
}

/** What a payment on a session came to: `first` when this call decided it. */
export type Settlement =
  | {
      readonly outcome: "paid" | "refunded";
      readonly first: boolean;
      readonly session: MerchantSession;
    }
  | { readonly outcome: "unknown" };

/** What a session is created for: the order the person confirmed. */
export interface SessionRequest {
  readonly idempotencyKey: string;
  readonly orderId: string;
  readonly draftId: string;
  readonly total: Money;
}

/** The merchant. `countSessions` counts sessions really created (not replays): tests read it. */
export interface MerchantCheckouts {
  /** Creates the session of `idempotencyKey` once; a repeat answers the one that stands. */
  createSession(request: SessionRequest): Promise<MerchantSession>;
  session(sessionId: string): Promise<MerchantSession | undefined>;
  /**
   * Settles the provider's payment `paymentId` on a session, once, in one conditional
   * statement: paid while the session is open (before its expiry and not ended); refunded once
   * it has ended — a payment that arrives late never revives it. A repeat (the same payment
   * again, or another once one was settled) changes nothing and answers what stands.
   */
  settle(sessionId: string, paymentId: string, at: number): Promise<Settlement>;
  /**
   * Ends an unpaid session whose expiry passed (`at` past it): from then on no payment can pay
   * it, whatever the clock of the process that receives it. Answers the session as it stands
   * (paid, if a payment settled first).
   */
  end(sessionId: string, at: number): Promise<MerchantSession | undefined>;
  countSessions(): Promise<number>;
  close(): Promise<void>;
}

/** How long a merchant session can be paid after it was created. */
export const SESSION_LIFETIME_MS = 30 * 60_000;

const TABLE = `CREATE TABLE IF NOT EXISTS giftgenius_merchant_checkouts (
  idempotency_key TEXT PRIMARY KEY,
  session_id TEXT NOT NULL UNIQUE,
  order_id TEXT NOT NULL,
  draft_id TEXT NOT NULL,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  expires_at BIGINT NOT NULL,
  paid_at BIGINT,
  payment_id TEXT,
  ended_at BIGINT,
  refund_id TEXT
)`;

/** The columns added after the table's first release, for a database made before them. */
const ADDED = ["ended_at BIGINT", "refund_id TEXT"];

interface Row {
  session_id: string;
  order_id: string;
  draft_id: string;
  amount: string;
  currency: string;
  expires_at: string | number;
  paid_at: string | number | null;
  payment_id: string | null;
  ended_at: string | number | null;
  refund_id: string | null;
}

/** One statement with `?` parameters, on either database. */
type Run = (text: string, params: unknown[]) => Promise<{ rows: Row[]; changes: number }>;

function sqliteRun(file: string): { run: Run; close(): Promise<void> } {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(TABLE);
  const has = new Set(
    (db.pragma("table_info(giftgenius_merchant_checkouts)") as { name: string }[]).map(
      (column) => column.name,
    ),
  );
  for (const column of ADDED)
    if (!has.has(column.split(" ")[0]!))
      db.exec(`ALTER TABLE giftgenius_merchant_checkouts ADD COLUMN ${column}`);
  return {
    async run(text, params) {
      const statement = db.prepare(text);
      if (statement.reader) return { rows: statement.all(...params) as Row[], changes: 0 };
      return { rows: [], changes: statement.run(...params).changes };
    },
    async close() {
      if (db.open) db.close();
    },
  };
}

function postgresRun(connectionString: string): { run: Run; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString, max: 3, connectionTimeoutMillis: 5_000 });
  pool.on("error", () => {});
  let ready: Promise<unknown> | undefined;
  return {
    async run(text, params) {
      // Concurrent CREATE TABLE IF NOT EXISTS can collide on the type catalog: one at a time,
      // under a transaction's lock (one query string is one transaction), released by its end
      // whatever happens.
      ready ??= pool
        .query(
          `SELECT pg_advisory_xact_lock(727276); ${TABLE}; ALTER TABLE giftgenius_merchant_checkouts ${ADDED.map((column) => `ADD COLUMN IF NOT EXISTS ${column}`).join(", ")}`,
        )
        .catch((error: unknown) => {
          ready = undefined; // the database was down: the next statement tries again
          throw error;
        });
      await ready;
      let n = 0;
      const result = await pool.query<Row>(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * The merchant on the app's database: `databaseUrl` (PostgreSQL) when set, else `sqliteFile`.
 * Its pages are under `origin` (the checkout origin the app declares): `/checkout/<session>`.
 */
export function createMerchantCheckouts(options: {
  databaseUrl: string | undefined;
  sqliteFile: string;
  origin: string;
  now: () => number;
}): MerchantCheckouts {
  const { run, close } = options.databaseUrl
    ? postgresRun(options.databaseUrl)
    : sqliteRun(options.sqliteFile);
  const toSession = (row: Row): MerchantSession => ({
    sessionId: row.session_id,
    orderId: row.order_id,
    draftId: row.draft_id,
    total: { amount: row.amount, currency: row.currency } as Money,
    url: `${options.origin}${checkoutPagePath(row.session_id)}`,
    expiresAt: Number(row.expires_at),
    paidAt: row.paid_at === null ? null : Number(row.paid_at),
    paymentId: row.payment_id,
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    refundId: row.refund_id,
  });
  const COLUMNS =
    "session_id, order_id, draft_id, amount, currency, expires_at, paid_at, payment_id, ended_at, refund_id";
  const byKey = async (key: string) =>
    (
      await run(`SELECT ${COLUMNS} FROM giftgenius_merchant_checkouts WHERE idempotency_key = ?`, [
        key,
      ])
    ).rows[0];
  const byId = async (sessionId: string) => {
    const { rows } = await run(
      `SELECT ${COLUMNS} FROM giftgenius_merchant_checkouts WHERE session_id = ?`,
      [sessionId],
    );
    return rows[0] && toSession(rows[0]);
  };
  return {
    async createSession({ idempotencyKey, orderId, draftId, total }) {
      const sessionId = `cs_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
      // The key decides: a repeat (a retry, a takeover, another process) meets the first row.
      await run(
        `INSERT INTO giftgenius_merchant_checkouts
           (idempotency_key, session_id, order_id, draft_id, amount, currency, expires_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
        [
          idempotencyKey,
          sessionId,
          orderId,
          draftId,
          total.amount,
          total.currency,
          options.now() + SESSION_LIFETIME_MS,
        ],
      );
      const row = await byKey(idempotencyKey);
      if (!row) throw new Error("checkout session vanished");
      return toSession(row);
    },
    session: byId,
    async settle(sessionId, paymentId, at) {
      // One statement decides, whatever repeats or races it: open → paid; ended (its expiry
      // passed, or `end` closed it) and neither paid nor refunded → this payment refunded.
      // Each condition excludes the other's result, so paid and refunded never both stand.
      const open = "ended_at IS NULL AND expires_at > CAST(? AS BIGINT)";
      const { changes } = await run(
        `UPDATE giftgenius_merchant_checkouts SET
           paid_at = CASE WHEN ${open} THEN CAST(? AS BIGINT) END,
           ended_at = CASE WHEN ${open} THEN NULL ELSE COALESCE(ended_at, CAST(? AS BIGINT)) END,
           refund_id = CASE WHEN ${open} THEN NULL ELSE CAST(? AS TEXT) END,
           payment_id = ?
          WHERE session_id = ? AND paid_at IS NULL AND refund_id IS NULL`,
        [at, at, at, at, at, refundIdOf(paymentId), paymentId, sessionId],
      );
      const session = await byId(sessionId);
      if (!session) return { outcome: "unknown" };
      if (session.paidAt !== null) return { outcome: "paid", first: changes === 1, session };
      if (session.refundId !== null) return { outcome: "refunded", first: changes === 1, session };
      return { outcome: "unknown" };
    },
    async end(sessionId, at) {
      await run(
        `UPDATE giftgenius_merchant_checkouts SET ended_at = CAST(? AS BIGINT)
          WHERE session_id = ? AND paid_at IS NULL AND ended_at IS NULL
            AND expires_at <= CAST(? AS BIGINT)`,
        [at, sessionId, at],
      );
      return byId(sessionId);
    },
    async countSessions() {
      const { rows } = await run("SELECT COUNT(*) AS n FROM giftgenius_merchant_checkouts", []);
      return Number((rows[0] as { n?: unknown } | undefined)?.n ?? 0);
    },
    close,
  };
}
