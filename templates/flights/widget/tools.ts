/**
 * The app's tools, typed by the server's own declarations (`FlightTools`): a call accepts only their
 * names and arguments and returns the kind's view. `import type` is erased, so no server code
 * reaches the widget bundle.
 */
import { toolRefs } from "mcp-widget-kit/contract";
import { flights } from "../contract.ts";
import type { FlightTools } from "../server/tools.ts";

export const tools = toolRefs<FlightTools>(flights, {
  search_flights: "flight_offers",
  prepare_booking: "booking_draft",
  book_flight: "booking",
});
