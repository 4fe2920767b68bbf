/**
 * The app's result contract: one list kind (flight offers) and two record kinds (a booking
 * draft to confirm with the person's saved cards, and the booking paid with one). Shared by the widget, the widget build
 * config and the server.
 */
import * as v from "valibot";
import {
  defineContract,
  id,
  isoDateTime,
  listKind,
  MoneySchema,
  recordKind,
  text,
} from "mcp-widget-kit/contract";
import { savedPaymentMethods } from "mcp-widget-kit/checkout";

/** One flight on offer. */
export const FlightOfferSchema = v.object({
  id: id(),
  carrier: text(80),
  from: text(8),
  to: text(8),
  departs_at: isoDateTime(),
  price: MoneySchema,
});
/** One flight on offer, as the widget sees it after parsing. */
export type FlightOffer = v.InferOutput<typeof FlightOfferSchema>;

/** How many people travel on one booking. */
const Passengers = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9));

/** A booking prepared from an offer, not yet confirmed. */
export const BookingDraftSchema = v.object({
  draft_id: id(),
  offer: FlightOfferSchema,
  passengers: Passengers,
  total: MoneySchema,
  expires_at: isoDateTime(),
});

/** A booking made from a confirmed draft. */
export const BookingSchema = v.object({
  booking_id: id(),
  draft_id: id(),
  offer: FlightOfferSchema,
  passengers: Passengers,
  total: MoneySchema,
  /** The saved card it was paid with (display fields only). */
  card: v.object({ brand: text(40), last4: text(4) }),
});

/** A booking, as the server makes it and the widget shows it. */
export type Booking = v.InferOutput<typeof BookingSchema>;

/** Every result kind of the app, contract v1. */
export const flights = defineContract({
  kinds: {
    flight_offers: listKind({
      items: "offers",
      item: FlightOfferSchema,
      reason: "no_results_reason",
    }),
    // The person's saved cards come with the draft, to choose the one it is paid with.
    booking_draft: recordKind({
      state: "confirm",
      entries: { draft: BookingDraftSchema, payment_methods: savedPaymentMethods() },
    }),
    // `replayed`: the same idempotency key booked this before; nothing was booked twice.
    booking: recordKind({
      state: "committed",
      entries: { booking: BookingSchema, replayed: v.boolean() },
    }),
  },
});

/** Whatever `flights.parse` returns: the state the widget shows. */
export type FlightsView = ReturnType<typeof flights.parse>;
