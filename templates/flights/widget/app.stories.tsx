/**
 * The widget's story (Component Story Format, for Storybook: `npm run storybook`): the recorded
 * search result on a mock host. test/widget.test.tsx renders it too, so it cannot go stale
 * unnoticed.
 */
import { recordedStory } from "mcp-widget-kit/testing";
import recorded from "../fixtures/results--search-flights.json";
import { App } from "./app.tsx";

export default { title: "Flights widget", component: App };

/** The offers from LIS to BER, as `search_flights` returned them. */
export const Results = recordedStory(<App />, recorded);
