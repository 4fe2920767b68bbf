/**
 * The widget's story (Component Story Format, for Storybook: `npm run storybook`): the recorded
 * contacts on a mock host. test/widget.test.tsx renders it too, so it cannot go stale
 * unnoticed.
 */
import { recordedStory } from "mcp-widget-kit/testing";
import recorded from "../fixtures/results--list-contacts.json";
import { App } from "./app.tsx";

export default { title: "Payments widget", component: App };

/** The contacts, as `list_contacts` returned them. */
export const Results = recordedStory(<App />, recorded);
