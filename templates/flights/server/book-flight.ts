/**
 * The app's one write, declared once: `prepare_booking` makes a draft the person confirms
 * (it books nothing) and `book_flight` books it. The kit runs the booking once per draft and
 * per idempotency key — a retry or another key gets the first booking replayed — only for a
 * signed-in caller with `bookings:write`, and only with the proof the widget got with the
 * draft (the model cannot book by itself). The same flight may be booked twice on purpose
 * (more passengers, another trip): each draft is one booking. It is paid with one of the
 * person's saved cards, chosen in the confirm dialog (the checkout ChatGPT allows without a
 * payment sheet: the widget shows the cards, the server charges the chosen one).
 */
import * as v from "valibot";
import { defineWrite, ToolFailure, type AppServerOptions } from "mcp-widget-kit/server";
import { flights, type Booking } from "../contract.ts";
import { draftId, DRAFT_TTL_MS, OFFERS, readDraft, totalFor } from "./schedule.ts";
import { cardOf, cardsOf } from "./wallet.ts";

/** A saved method's id, as `wallet.ts` gives them (`pm_` and lowercase letters). */
const METHOD_ID = /^pm_[a-z0-9_]{1,40}$/;

/** The scope a token must grant to book (the development sign-in grants it on Allow). */
export const BOOKING_SCOPE = "bookings:write";

const BookingArgs = v.strictObject({
  offer_id: v.pipe(v.string(), v.minLength(1)),
  passengers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9)), 1),
});

/** Both tools; `onBooked` hears of each booking made (never of a replay). */
export function bookFlight(options: AppServerOptions & { onBooked?: (booking: Booking) => void }) {
  return defineWrite(flights, {
    ...options,
    scope: BOOKING_SCOPE,
    // The draft id names offer, passengers and expiry (schedule.ts): nothing to store.
    drafts: { read: readDraft },
    prepare: {
      name: "prepare_booking",
      kind: "booking_draft",
      title: "Prepare a booking",
      description: "Prepare a booking of one offer for the person to confirm. Books nothing.",
      words: { invoking: "Preparing…", invoked: "Ready to confirm" },
      arguments: { schema: BookingArgs, repair: () => ({ offer_id: "f-101", passengers: 1 }) },
      async handler({ offer_id, passengers }, { now, context }) {
        const offer = OFFERS.find((o) => o.id === offer_id);
        if (!offer) {
          throw new ToolFailure({
            code: "NOT_FOUND",
            message: "offer_id names no offer: search again and use an id from the results.",
            retryable: false,
          });
        }
        const expires = now + DRAFT_TTL_MS;
        const draft = {
          draft_id: draftId(offer_id, passengers, expires),
          offer,
          passengers,
          total: totalFor(offer, passengers),
          expires_at: new Date(expires).toISOString(),
        };
        const payment_methods = [...cardsOf(context.caller)];
        return {
          data: { draft, has_saved_methods: payment_methods.length > 0 },
          widgetOnly: { payment_methods },
          text: `Booking draft ${draft.draft_id} is ready.`,
        };
      },
    },
    commit: {
      name: "book_flight",
      kind: "booking",
      title: "Book a flight",
      description:
        "Book a draft from prepare_booking. The app calls it when the person confirms the draft. " +
        "Send one idempotency_key per booking and reuse it on every retry: it never books twice.",
      words: { invoking: "Booking…", invoked: "Booked" },
      draftExample: "bd.from-prepare-booking",
      // The saved card the person chose; without one, their default. Only a method id fits:
      // a card number sent in its place is refused before anything keeps it.
      arguments: { payment_method_id: v.optional(v.pipe(v.string(), v.regex(METHOD_ID))) },
      refusals: {
        PAYMENT_METHOD_NOT_FOUND:
          "payment_method_id is not one of the person's saved cards: nothing was booked or charged.",
      },
      async effect({ draft: { flight, passengers }, args, caller, draftId, effectKey, refuse }) {
        // Only the caller's own card, checked before anything is charged.
        const card = cardOf(caller, args.payment_method_id);
        if (!card) return refuse("PAYMENT_METHOD_NOT_FOUND");
        // The total is the schedule's now, never a figure the client sent or the draft held;
        // the id comes from the kit's effect key, the same on every retry of this booking (a
        // real app charges the card here under that key, as the payments template sends).
        const booking: Booking = {
          booking_id: `bk_${effectKey.slice(0, 16)}`,
          draft_id: draftId,
          offer: flight,
          passengers,
          total: totalFor(flight, passengers),
          card: { brand: card.brand, last4: card.last4 },
        };
        options.onBooked?.(booking);
        return { done: booking };
      },
      show: ({ card, ...booking }, replayed) => ({
        data: { booking, replayed },
        widgetOnly: { card },
        text: replayed
          ? `Booking ${booking.booking_id} was already made with this key; nothing was booked twice.`
          : `Booked: ${booking.booking_id}.`,
      }),
    },
  });
}
