/**
 * The app's tools: `search_flights` (read only, shows the widget), `prepare_booking` (a draft
 * for the person to confirm; books nothing) and `book_flight` (the write, in book-flight.ts).
 * `createFlightsServer` puts them on the kit's tool server; server/main.ts serves it over
 * HTTP, the tests call it directly.
 */
import * as v from "valibot";
import {
  createToolServer,
  defineTool,
  ToolFailure,
  widgetToolMeta,
  type IdempotencyStore,
  type ResourceProvider,
  type ServerLogger,
  type ToolServer,
  type ToolsOf,
  type WidgetUris,
} from "mcp-widget-kit/server";
import { flights, type Booking } from "../contract.ts";
import { bookFlight } from "./book-flight.ts";
import { draftId, DRAFT_TTL_MS, OFFERS, totalFor } from "./schedule.ts";

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
    title: "Search flights",
    description: "Search flight offers between two airports (IATA codes). Read only.",
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
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

function prepareBooking(widget: WidgetUris, now: () => number) {
  return defineTool(flights, "booking_draft", {
    name: "prepare_booking",
    title: "Prepare a booking",
    description: "Prepare a booking of one offer for the person to confirm. Books nothing.",
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
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
      const expires = now() + DRAFT_TTL_MS;
      const draft = {
        draft_id: draftId(offer_id, passengers, expires),
        offer: found,
        passengers,
        total: totalFor(found, passengers),
        expires_at: new Date(expires).toISOString(),
      };
      return { ok: true, data: { draft }, text: `Booking draft ${draft.draft_id} is ready.` };
    },
  });
}

/**
 * The app's tools as its widget calls them (names, arguments, result kinds): the widget's
 * `toolRefs<FlightTools>` accepts only these, so a renamed tool or argument fails typecheck.
 */
export type FlightTools = ToolsOf<
  | ReturnType<typeof searchFlights>
  | ReturnType<typeof prepareBooking>
  | ReturnType<typeof bookFlight>
>;

/** The app's tool server, with the widget's resources and the URIs its tools advertise. */
export function createFlightsServer(options: {
  widget: { uris: WidgetUris; provider?: ResourceProvider };
  log: ServerLogger;
  /** Where idempotency records live (`createSqliteStore`), so a repeated booking books once. */
  store: IdempotencyStore;
  /** Told of each new booking (where a real app would call the airline). */
  onBooked?: (booking: Booking) => void;
  /** The clock (recordings fix it, so drafts and their expiry are the same on every run). */
  now?: () => number;
  requestId?: () => string;
}): ToolServer {
  const { widget, store, now = Date.now, onBooked = () => {} } = options;
  return createToolServer({
    info: { name: "flights", version: "1.0.0" },
    contract: flights,
    tools: [
      searchFlights(widget.uris),
      prepareBooking(widget.uris, now),
      bookFlight({ widget: widget.uris, store, now, onBooked }),
    ],
    ...(widget.provider ? { resources: widget.provider } : {}),
    log: options.log,
    ...(options.requestId ? { requestId: options.requestId } : {}),
    // The proof that the person confirmed in the widget: signed with CONFIRMATION_SECRET
    // (production refuses to start without it; development uses the kit's built-in one).
    confirmation: { now },
  });
}
