/**
 * The app's tools: `search_flights` (read only, shows the widget), and the write in
 * book-flight.ts: `prepare_booking` (a draft for the person to confirm) and `book_flight`.
 * `createFlightsServer` puts them on the kit's tool server; server/main.ts serves it over
 * HTTP, the tests call it directly.
 */
import * as v from "valibot";
import {
  appToolServer,
  defineTool,
  type AppServerOptions,
  type ToolsOf,
} from "mcp-widget-kit/server";
import { flights, type Booking } from "../contract.ts";
import { bookFlight } from "./book-flight.ts";
import { OFFERS } from "./schedule.ts";

const Airport = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "an IATA airport code such as LIS"));
const SearchArgs = v.strictObject({ from: Airport, to: Airport });

/** `defineTool` types each handler's data as its kind's, and sets `outputSchema` from the contract. */
function searchFlights({ widget }: AppServerOptions) {
  return defineTool(flights, "flight_offers", {
    name: "search_flights",
    title: "Search flights",
    description: "Search flight offers between two airports (IATA codes). Read only.",
    widget: {
      uris: widget.uris,
      words: { invoking: "Searching flights…", invoked: "Flights found" },
    },
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

/**
 * The app's tools as its widget calls them (names, arguments, result kinds): the widget's
 * `toolRefs<FlightTools>` accepts only these, so a renamed tool or argument fails typecheck.
 */
export type FlightTools = ToolsOf<
  ReturnType<typeof searchFlights> | ReturnType<typeof bookFlight>["prepare" | "commit"]
>;

/** The app's tool server; `onBooked` is told of each new booking (a real app calls the airline). */
export function createFlightsServer(
  options: AppServerOptions & { onBooked?: (booking: Booking) => void },
) {
  const booking = bookFlight(options);
  return appToolServer(options, {
    info: { name: "flights", version: "1.0.0" },
    contract: flights,
    tools: [searchFlights(options), booking.prepare, booking.commit],
  });
}
