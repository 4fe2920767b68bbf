/**
 * The widget's story (Component Story Format, for Storybook: `npm run storybook`): the recorded
 * ticket list on a mock host. test/widget.test.tsx renders it too, so it cannot go stale
 * unnoticed.
 */
import { recordedStory } from "mcp-widget-kit/testing";
import recorded from "../fixtures/results--list-tickets.json";
import { App } from "./app.tsx";

export default { title: "Replies widget", component: App };

/** The open tickets, as `list_tickets` returned them. */
export const Results = recordedStory(<App />, recorded);
