/**
 * The app's tools: `search_flights` (read only, shows the widget) and `prepare_booking` (a
 * draft for the person to confirm; books nothing). `createFlightsServer` puts them on the
 * kit's tool server; server/main.ts serves it over HTTP, the tests call it directly.
 */
import * as v from "valibot";
import { CONTRACT_VERSION } from "widget-kit/contract";
import {
  createToolServer,
  defineTool,
  ToolFailure,
  widgetToolMeta,
  type ResourceProvider,
  type ServerLogger,
  type ToolServer,
  type WidgetUris,
} from "widget-kit/server";
import { flights, type FlightOffer } from "../contract.ts";

/** The schedule the app searches (a real app would ask an airline API). */
const OFFERS: FlightOffer[] = [
  offer("f-101", "Blue Air", "LIS", "BER", "2030-05-01T08:15:00Z", "129.00"),
  offer("f-102", "North Wind", "LIS", "BER", "2030-05-01T13:40:00Z", "98.50"),
  offer("f-103", "Blue Air", "LIS", "BER", "2030-05-02T07:05:00Z", "142.00"),
  offer("f-201", "North Wind", "BER", "OSL", "2030-05-03T10:00:00Z", "87.00"),
];

function offer(id: string, carrier: string, from: string, to: string, at: string, eur: string) {
  return { id, carrier, from, to, departs_at: at, price: { amount: eur, currency: "EUR" } };
}

const Airport = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "an IATA airport code such as LIS"));
const SearchArgs = v.strictObject({ from: Airport, to: Airport });
const BookingArgs = v.strictObject({
  offer_id: v.pipe(v.string(), v.minLength(1)),
  passengers: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(9)), 1),
});

/** `defineTool` types each handler's data as its kind's, and sets `outputSchema` from the contract. */
function searchFlights(widget: WidgetUris) {
  return defineTool(flights, "flight_offers", {
    name: "search_flights",
    description: "Search flight offers between two airports (IATA codes). Read only.",
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    meta: widgetToolMeta(widget, { invoking: "Searching flights…", invoked: "Flights found" }),
    arguments: {
      schema: SearchArgs,
      repair: (args) => ({
        from: typeof args.from === "string" ? args.from.toUpperCase().slice(0, 3) : "LIS",
        to: typeof args.to === "string" ? args.to.toUpperCase().slice(0, 3) : "BER",
      }),
    },
    async handler({ from, to }) {
      const offers = OFFERS.filter((o) => o.from === from && o.to === to);
      if (offers.length === 0) {
        return {
          ok: true,
          data: { offers: [], no_results_reason: `No flight from ${from} to ${to} is on offer.` },
          text: "No flights found. Suggest another date or airport.",
        };
      }
      return { ok: true, data: { offers }, text: `Found ${offers.length} flight offer(s).` };
    },
  });
}

function prepareBooking(widget: WidgetUris) {
  return defineTool(flights, "booking_draft", {
    name: "prepare_booking",
    description: "Prepare a booking of one offer for the person to confirm. Books nothing.",
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true },
    meta: widgetToolMeta(widget, { invoking: "Preparing…", invoked: "Ready to confirm" }),
    arguments: { schema: BookingArgs, repair: () => ({ offer_id: "f-101", passengers: 1 }) },
    async handler({ offer_id, passengers }) {
      const found = OFFERS.find((o) => o.id === offer_id);
      if (!found) {
        throw new ToolFailure({
          code: "NOT_FOUND",
          message: "offer_id names no offer: search again and use an id from the results.",
          retryable: false,
        });
      }
      const total = (Number(found.price.amount) * passengers).toFixed(2);
      const draft = {
        draft_id: `d-${offer_id}-${passengers}`,
        offer: found,
        passengers,
        total: { amount: total, currency: found.price.currency },
        expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
      };
      return { ok: true, data: { draft }, text: `Booking draft ${draft.draft_id} is ready.` };
    },
  });
}

/** The app's tool server, with the widget's resources and the URIs its tools advertise. */
export function createFlightsServer(options: {
  widget: { uris: WidgetUris; provider?: ResourceProvider };
  log: ServerLogger;
  requestId?: () => string;
}): ToolServer {
  return createToolServer({
    info: { name: "flights", version: "1.0.0" },
    contractVersion: CONTRACT_VERSION,
    tools: [searchFlights(options.widget.uris), prepareBooking(options.widget.uris)],
    ...(options.widget.provider ? { resources: options.widget.provider } : {}),
    log: options.log,
    ...(options.requestId ? { requestId: options.requestId } : {}),
  });
}
