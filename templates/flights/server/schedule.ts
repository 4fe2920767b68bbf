/**
 * The flights the app sells and what a booking of one costs — the one source of prices for
 * both the draft the person sees and the booking made from it. A real app would ask an
 * airline API here.
 */
import type { FlightOffer } from "../contract.ts";

/** The schedule the app searches. */
export const OFFERS: readonly FlightOffer[] = [
  offer("f-101", "Blue Air", "LIS", "BER", "2030-05-01T08:15:00Z", "129.00"),
  offer("f-102", "North Wind", "LIS", "BER", "2030-05-01T13:40:00Z", "98.50"),
  offer("f-103", "Blue Air", "LIS", "BER", "2030-05-02T07:05:00Z", "142.00"),
  offer("f-201", "North Wind", "BER", "OSL", "2030-05-03T10:00:00Z", "87.00"),
];

function offer(id: string, carrier: string, from: string, to: string, at: string, eur: string) {
  return { id, carrier, from, to, departs_at: at, price: { amount: eur, currency: "EUR" } };
}

/** How long a draft may be confirmed. */
export const DRAFT_TTL_MS = 15 * 60_000;

/** The price of `passengers` seats on `flight`, in whole cents (no float drift). */
export function totalFor(flight: FlightOffer, passengers: number) {
  const cents = Math.round(Number(flight.price.amount) * 100) * passengers;
  return { amount: (cents / 100).toFixed(2), currency: flight.price.currency };
}

/**
 * A draft id names what was prepared: offer, passengers and expiry. It holds no price, and
 * nothing in it needs a secret: anyone may prepare a draft, so a made-up id can only name what
 * `prepare_booking` would have given (an expiry further ahead than a fresh draft's is refused).
 */
export function draftId(offerId: string, passengers: number, expiresAt: number): string {
  return `bd.${offerId}.${passengers}.${expiresAt}`;
}

/** What a draft id names, checked against the schedule at `now`, or why it is unusable. */
export function readDraft(id: string, now: number) {
  const [, offerId, passengers, expiresAt] = /^bd\.([\w-]+)\.([1-9])\.(\d{1,15})$/.exec(id) ?? [];
  const flight = OFFERS.find((o) => o.id === offerId);
  const expires = Number(expiresAt);
  if (!flight || expires > now + DRAFT_TTL_MS) return "DRAFT_NOT_FOUND";
  if (expires <= now) return "DRAFT_EXPIRED";
  return { flight, passengers: Number(passengers) };
}
