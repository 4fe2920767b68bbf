/**
 * The widget's story (Component Story Format, for Storybook): the recorded ticket list on a
 * mock host. test/widget.test.tsx renders it too, so it cannot go stale unnoticed.
 */
import { HostProvider } from "mcp-widget-kit";
import { createMockHost } from "mcp-widget-kit/testing";
import recorded from "../fixtures/results--list-tickets.json";
import { App } from "./app.tsx";

export default { title: "Replies widget", component: App };

/** The open tickets, as `list_tickets` returned them. */
export const Results = {
  render: () => (
    <HostProvider host={createMockHost({ globals: { toolOutput: recorded.structuredContent } })}>
      <App />
    </HostProvider>
  ),
};
