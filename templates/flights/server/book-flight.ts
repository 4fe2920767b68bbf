/**
 * `book_flight`: the app's one write. It books a draft from `prepare_booking` once the person
 * confirmed it, under the caller's idempotency key: the same key and draft give back the same
 * booking (nothing booked twice), the same key with another draft is refused, and a draft
 * books once whatever the key — the kit's single use answers another key with the booking the
 * draft made, replayed (`IN_PROGRESS` while it is being made). The booking is the record's
 * stored answer, kept with it in the store's database, so a restart replays it. It names no
 * thing beyond the draft: the same flight may be booked twice on purpose (more passengers,
 * another trip).
 */
import {
  commitArguments,
  defineTool,
  idempotentResult,
  runCommit,
  widgetToolMeta,
  type Attempt,
  type IdempotencyStore,
  type ToolErrorBody,
  type WidgetUris,
} from "mcp-widget-kit/server";
import { flights, type Booking } from "../contract.ts";
import { readDraft, totalFor } from "./schedule.ts";

const REFUSALS = {
  DRAFT_NOT_FOUND: "draft_id names no draft: prepare the booking again.",
  DRAFT_EXPIRED: "This draft has expired: prepare the booking again.",
};

/** What a booking stores and replays: the booking made, or why nothing was booked. */
type BookValue = { ok: true; booking: Booking } | { ok: false; error: ToolErrorBody };

/**
 * A refusal that booked nothing. `final`: stored and replayed to a repeat of the key; else a
 * retry with this draft runs again.
 */
function refusal(code: string, message: string, final: boolean): Attempt<BookValue> {
  const error = { code, message, retryable: false, changes: "none" as const };
  return { final, value: { ok: false, error } };
}

/** The scope a token must grant to book (the development sign-in grants it on Allow). */
export const BOOKING_SCOPE = "bookings:write";

/** The write tool; `onBooked` hears of each booking made (never of a replay). */
export function bookFlight(deps: {
  widget: WidgetUris;
  store: IdempotencyStore;
  now: () => number;
  onBooked: (booking: Booking) => void;
}) {
  return defineTool(flights, "booking", {
    name: "book_flight",
    title: "Book a flight",
    description:
      "Book a draft from prepare_booking. The app calls it when the person confirms the draft. " +
      "Send one idempotency_key per booking and reuse it on every retry: it never books twice.",
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
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
      // The booking is the record's answer: one durable commit, replayed to every retry.
      const outcome = await runCommit<BookValue>({
        store: deps.store,
        args,
        context,
        now: deps.now,
        async execute({ effectKey }) {
          const draft = readDraft(draft_id, deps.now());
          // Not final: nothing was booked, and a retry with this draft runs again.
          if (draft.problem) return refusal(draft.problem, REFUSALS[draft.problem], false);
          // The kit's effect key, not the caller's key: the same for every retry of this
          // booking, a new one if the key comes back after its record expired.
          const bookingId = `bk_${effectKey.slice(0, 16)}`;
          const { flight, passengers } = draft;
          // The total is the schedule's now, never a figure the client sent or the draft held.
          const booking: Booking = {
            booking_id: bookingId,
            draft_id,
            offer: flight,
            passengers,
            total: totalFor(flight, passengers),
          };
          deps.onBooked(booking);
          return { final: true, value: { ok: true, booking } };
        },
      });
      return idempotentResult(outcome, (value, replayed) =>
        value.ok
          ? {
              ok: true as const,
              data: { booking: value.booking, replayed },
              text: replayed
                ? `Booking ${value.booking.booking_id} was already made with this key; nothing was booked twice.`
                : `Booked: ${value.booking.booking_id}.`,
            }
          : { ok: false as const, error: value.error },
      );
    },
  });
}
