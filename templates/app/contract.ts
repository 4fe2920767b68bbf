/**
 * The app's result contract: one list kind (flight offers) and one record kind (a booking
 * draft to confirm). Shared by the widget, the widget build config and the server.
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
} from "widget-kit/contract";

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

/** A booking prepared from an offer, not yet confirmed. */
export const BookingDraftSchema = v.object({
  draft_id: id(),
  offer: FlightOfferSchema,
  passengers: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9)),
  total: MoneySchema,
  expires_at: isoDateTime(),
});

/** Every result kind of the app, contract v1. */
export const flights = defineContract({
  kinds: {
    flight_offers: listKind({
      items: "offers",
      item: FlightOfferSchema,
      reason: "no_results_reason",
    }),
    booking_draft: recordKind({ state: "confirm", entries: { draft: BookingDraftSchema } }),
  },
});
