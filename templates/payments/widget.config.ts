/** What the app declares about its widget: the build derives the resource `_meta` and CSP. */
import { defineWidgetConfig } from "mcp-widget-kit/build";
import { payments } from "./contract.ts";

export default defineWidgetConfig({
  name: "payments",
  description: "Sends money to a contact once the person confirmed the amount and the fee.",
  prefersBorder: true,
  // The app's own https origin (the widget's sandbox origin, `mcp-widget-kit check`).
  domain: "https://payments.example",
  domains: { resource: [], connect: [], redirect: [] },
  contract: payments,
});
