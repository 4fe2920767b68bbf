/** What the app declares about its widget: the build derives the resource `_meta` and CSP. */
import { defineWidgetConfig } from "mcp-widget-kit/build";
import { replies } from "./contract.ts";

export default defineWidgetConfig({
  name: "replies",
  description: "Support tickets; lets the person review a reply before it is sent.",
  prefersBorder: true,
  // The app's own https origin: the widget's sandbox origin and the MCP Apps ui.domain that
  // ChatGPT's review requires (`mcp-widget-kit check`). Put your deployed origin here.
  domain: "https://replies.example",
  domains: { resource: [], connect: [], redirect: [] },
  contract: replies,
});
