/** What the app declares about its widget: the build derives the resource `_meta` and CSP. */
import { defineWidgetConfig } from "mcp-widget-kit/build";
import { flights } from "./contract.ts";

export default defineWidgetConfig({
  name: "flights",
  description: "Flight offers with prices; lets the person review a booking before confirming.",
  prefersBorder: true,
  domains: { resource: [], connect: [], redirect: [] },
  contract: flights,
});
