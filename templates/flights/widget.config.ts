/** What the app declares about its widget: the build derives the resource `_meta` and CSP. */
import { defineWidgetConfig } from "mcp-widget-kit/build";
import { flights } from "./contract.ts";

export default defineWidgetConfig({
  name: "flights",
  description: "Flight offers with prices; lets the person review a booking before confirming.",
  prefersBorder: true,
  // The app's own https origin: the widget's sandbox origin and the MCP Apps ui.domain that
  // ChatGPT's review requires (`mcp-widget-kit check`). Put your deployed origin here.
  domain: "https://flights.example",
  domains: { resource: [], connect: [], redirect: [] },
  contract: flights,
});
