/**
 * `book_flight`: the app's one write. It books a draft from `prepare_booking` once the person
 * confirmed it, under the caller's idempotency key: the same key and draft give back the same
 * booking (nothing booked twice), the same key with another draft is refused, and a draft
 * books once whatever the key: under another key it answers `DRAFT_ALREADY_BOOKED`, naming the
 * booking it made.
 */
import {
  commitArguments,
  defineTool,
  idempotentResult,
  runCommit,
  ToolFailure,
  widgetToolMeta,
  type IdempotencyStore,
  type WidgetUris,
} from "mcp-widget-kit/server";
import { flights, type Booking } from "../contract.ts";
import { createBookings } from "./bookings.ts";
import { readDraft, totalFor } from "./schedule.ts";

const REFUSALS = {
  DRAFT_NOT_FOUND: "draft_id names no draft: prepare the booking again.",
  DRAFT_EXPIRED: "This draft has expired: prepare the booking again.",
};

/** The scope a token must grant to book (the development sign-in grants it on Allow). */
export const BOOKING_SCOPE = "bookings:write";

/** The write tool; `onBooked` hears of each booking made (never of a replay). */
export function bookFlight(deps: {
  widget: WidgetUris;
  store: IdempotencyStore;
  now: () => number;
  onBooked: (booking: Booking) => void;
}) {
  const bookings = createBookings(deps.store);
  return defineTool(flights, "booking", {
    name: "book_flight",
    description:
      "Book a draft from prepare_booking. The app calls it when the person confirms the draft. " +
      "Send one idempotency_key per booking and reuse it on every retry: it never books twice.",
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true },
    meta: widgetToolMeta(deps.widget, { invoking: "Booking…", invoked: "Booked" }),
    // A write: the kit runs it only for a verified caller, whose scope keys the records.
    writes: true,
    // The person confirms in the widget: hidden from the model, run only with the proof
    // prepare_booking's result gave the widget (the kit checks it before this handler).
    confirm: { prepare: "prepare_booking" },
    auth: { scopes: [BOOKING_SCOPE] },
    // draft_id and idempotency_key, declared by the kit (a bad key's example is a fresh one).
    arguments: commitArguments({ draftExample: "bd.from-prepare-booking" }),
    async handler(args, context) {
      const { draft_id } = args;
      // All local: the booking commits with the record, one durable commit in all.
      const outcome = await runCommit<Booking>({
        store: deps.store,
        args,
        context,
        now: deps.now,
        async execute({ effectKey }) {
          await bookings.ready();
          // Booked already under another key: nothing is booked again, and the answer names
          // the booking (thrown, not stored, so this key stays free for another draft).
          const first = await bookings.ofDraft(draft_id);
          if (first)
            throw new ToolFailure({
              code: "DRAFT_ALREADY_BOOKED",
              message: `This draft was already booked as ${first.booking_id}; nothing was booked again.`,
              retryable: false,
              changes: "none",
            });
          const draft = readDraft(draft_id, deps.now());
          if (draft.problem)
            // Thrown, not stored: nothing was booked, and a retry with this draft runs again.
            throw new ToolFailure({
              code: draft.problem,
              message: REFUSALS[draft.problem],
              retryable: false,
              changes: "none",
            });
          const { flight, passengers } = draft;
          // The total is the schedule's now, never a figure the client sent or the draft held.
          const booking: Booking = {
            // The kit's effect key, not the caller's key: the same for every retry of this
            // booking, a new one if the key comes back after its record expired.
            booking_id: `bk_${effectKey.slice(0, 16)}`,
            draft_id,
            offer: flight,
            passengers,
            total: totalFor(flight, passengers),
          };
          deps.onBooked(booking);
          // The booking row commits with the record: one commit, never one without the other.
          return {
            final: true,
            value: booking,
            local: bookings.insert(context.caller, booking, deps.now()),
          };
        },
      });
      return idempotentResult(outcome, (booking, replayed) => ({
        ok: true as const,
        data: { booking, replayed },
        text: replayed
          ? `Booking ${booking.booking_id} was already made with this key; nothing was booked twice.`
          : `Booked: ${booking.booking_id}.`,
      }));
    },
  });
}
