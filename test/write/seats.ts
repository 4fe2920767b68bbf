/** A neutral seat-booking contract and its results, for the write-flow tests (no GiftGenius). */
import * as v from "valibot";
import {
  defineContract,
  listKind,
  recordKind,
  text,
  toolRefs,
  type ToolSignature,
} from "../../src/contract/index.ts";

export const seats = defineContract({
  kinds: {
    seat_list: listKind({ items: "seats", item: v.object({ id: text(), label: text() }) }),
    seat_hold: recordKind({
      state: "confirm",
      entries: {
        hold: v.object({
          hold_id: text(),
          label: text(),
          total: v.object({ amount: v.string(), currency: v.string() }),
          expires_at: v.string(),
        }),
      },
    }),
    booking: recordKind({ state: "committed", entries: { booking: v.object({ ref: text() }) } }),
  },
});
export type SeatView = ReturnType<typeof seats.parse>;

export const list = {
  contract_version: "1.0",
  kind: "seat_list",
  ok: true,
  seats: [
    { id: "12A", label: "Seat 12A" },
    { id: "12B", label: "Seat 12B" },
  ],
};
export const hold = (id: string) => ({
  contract_version: "1.0",
  kind: "seat_hold",
  ok: true,
  hold: {
    hold_id: `h-${id}`,
    label: `Seat ${id}`,
    total: { amount: "40.00", currency: "EUR" },
    expires_at: "2099-01-01T00:00:00Z",
  },
});
export const booking = {
  contract_version: "1.0",
  kind: "booking",
  ok: true,
  booking: { ref: "BK-1" },
};
export const failure = (kind: string, code: string, retryable: boolean) => ({
  contract_version: "1.0",
  kind,
  ok: false,
  error: { code, message: "m", retryable, changes: "none" },
});
export const STATE_KEY = "seatFlow";

/** The flow's receipt of a booking result. */
export const receipt = (view: SeatView) =>
  view.state === "committed" && "booking" in view.data
    ? { ok: true as const, reference: view.data.booking.ref }
    : null;

/** The seat tools as a server would declare them, for typed refs. */
export type SeatTools = {
  readonly list_seats: ToolSignature<{ flight?: string }, "seat_list", typeof seats.kinds>;
  readonly hold_seat: ToolSignature<{ seat: string }, "seat_hold", typeof seats.kinds>;
  readonly book_seat: ToolSignature<
    { hold_id: string; key: string },
    "booking",
    typeof seats.kinds
  >;
};

/** The seat tools' typed refs. */
export const tools = toolRefs<SeatTools>(seats, {
  list_seats: "seat_list",
  hold_seat: "seat_hold",
  book_seat: "booking",
});
