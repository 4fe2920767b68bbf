/**
 * `book_flight`: the app's one write. It books a draft from `prepare_booking` once the person
 * confirmed it, under the caller's idempotency key: the same key and draft give back the same
 * booking (nothing booked twice), the same key with another draft is refused, and a draft
 * books once whatever the key: under another key it answers `DRAFT_ALREADY_BOOKED`, naming the
 * booking it made (`DRAFT_IN_USE` while that booking is still being made). The draft is taken
 * before anything is booked, so two keys confirmed at once book it once. It names no thing
 * beyond the draft: the same flight may be booked twice on purpose (more passengers, another
 * trip).
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
import { createBookings } from "./bookings.ts";
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
function refusal(
  code: string,
  message: string,
  final: boolean,
  retryAfterSeconds?: number,
): Attempt<BookValue> {
  const retry = retryAfterSeconds === undefined ? {} : { retry_after_seconds: retryAfterSeconds };
  const error = { code, message, retryable: retryAfterSeconds !== undefined, ...retry };
  return { final, value: { ok: false, error: { ...error, changes: "none" } } };
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
  const bookings = createBookings(deps.store);
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
      // Local but for the draft's take: the booking commits with the record.
      const outcome = await runCommit<BookValue>({
        store: deps.store,
        args,
        context,
        now: deps.now,
        async execute({ effectKey }) {
          const draft = readDraft(draft_id, deps.now());
          // Not final: nothing was booked, and a retry with this draft runs again.
          if (draft.problem) return refusal(draft.problem, REFUSALS[draft.problem], false);
          await bookings.ready();
          // The kit's effect key, not the caller's key: the same for every retry of this
          // booking, a new one if the key comes back after its record expired.
          const bookingId = `bk_${effectKey.slice(0, 16)}`;
          // Single use, before anything is booked: one statement takes the draft for this
          // booking (a retry of it takes it again); under any other key nothing is booked.
          const taken = await bookings.take(draft_id, bookingId);
          if (taken !== bookingId) {
            const first = await bookings.byId(taken);
            if (!first)
              return refusal(
                "DRAFT_IN_USE",
                "This draft is being booked under another idempotency_key; nothing was booked by this call.",
                false,
                2,
              );
            return refusal(
              "DRAFT_ALREADY_BOOKED",
              `This draft was already booked as ${first.booking_id}; nothing was booked again.`,
              true,
            );
          }
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
          // The booking row commits with the record: one commit, never one without the other.
          return {
            final: true,
            value: { ok: true, booking },
            local: bookings.insert(context.caller, booking, deps.now()),
          };
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
