/**
 * The app's bookings, in its own table in the store's database (the SQLite file or PostgreSQL
 * database of the idempotency records). `book_flight` writes a booking in the transaction that
 * completes the booking's record, so the two commit together (or neither does) and a restart
 * keeps every booking a key replays. A draft books once, whatever the key: its id is taken in
 * `flights_booked_drafts` for one booking before anything is booked, in one statement whose
 * key refuses a second taker (two processes cannot both pass).
 */
import {
  localDatabase,
  type IdempotencyStore,
  type LocalDatabase,
  type SqlQueries,
} from "mcp-widget-kit/server";
import type { Booking } from "../contract.ts";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS flights_bookings (
    booking_id TEXT PRIMARY KEY,
    scope TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS flights_bookings_scope ON flights_bookings (scope, created_at)`,
  `CREATE TABLE IF NOT EXISTS flights_booked_drafts (
    draft_id TEXT PRIMARY KEY,
    booking_id TEXT NOT NULL
  )`,
];

/** The bookings table of `store`. */
export function createBookings(store: IdempotencyStore) {
  // Opened on first use: a server whose store never answers never needs the table.
  let opened: LocalDatabase | undefined;
  const db = () => (opened ??= localDatabase(store, SCHEMA));
  return {
    /** Makes the table; call before handing `insert` to the kit as an `Attempt.local`. */
    ready: () => db().ready(),
    /** The write of `booking` for `scope`, to run in the completing transaction. */
    insert(scope: string, booking: Booking, now: number) {
      return async (tx: SqlQueries): Promise<void> => {
        await tx.query(
          `INSERT INTO flights_bookings (booking_id, scope, body, created_at)
           VALUES (:booking_id, :scope, :body, :created_at)`,
          {
            booking_id: booking.booking_id,
            scope,
            body: JSON.stringify(booking),
            created_at: now,
          },
        );
      };
    },
    /**
     * Takes `draftId` for `bookingId` unless another booking holds it; returns the booking
     * that holds it now (`bookingId` itself: taken, or taken already by this booking's retry).
     */
    async take(draftId: string, bookingId: string): Promise<string> {
      await db().query(
        `INSERT INTO flights_booked_drafts (draft_id, booking_id) VALUES (:draft_id, :booking_id)
         ON CONFLICT (draft_id) DO NOTHING`,
        { draft_id: draftId, booking_id: bookingId },
      );
      const { rows } = await db().query<{ booking_id: string }>(
        `SELECT booking_id FROM flights_booked_drafts WHERE draft_id = :draft_id`,
        { draft_id: draftId },
      );
      // No row (never so: drafts are not deleted): no booking holds it that can be named.
      return rows[0]?.booking_id ?? "";
    },
    /** The booking `bookingId`, once it is made (its row commits with its record). */
    async byId(bookingId: string): Promise<Booking | undefined> {
      const { rows } = await db().query<{ body: string }>(
        `SELECT body FROM flights_bookings WHERE booking_id = :booking_id`,
        { booking_id: bookingId },
      );
      return rows[0] ? (JSON.parse(rows[0].body) as Booking) : undefined;
    },
    /** The bookings of `scope`, oldest first. */
    async list(scope: string): Promise<Booking[]> {
      const { rows } = await db().query<{ body: string }>(
        `SELECT body FROM flights_bookings WHERE scope = :scope ORDER BY created_at, booking_id`,
        { scope },
      );
      return rows.map((row) => JSON.parse(row.body) as Booking);
    },
  };
}
