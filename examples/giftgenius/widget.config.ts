/**
 * What GiftGenius declares about its widget. The build turns this into the resource `_meta`
 * and the CSP, and fails if the bundle reaches an origin that is not listed here.
 */
import { defineWidgetConfig } from "widget-kit/build";
import { giftGenius } from "./contract.ts";

export default defineWidgetConfig({
  name: "giftgenius",
  description:
    "Gift suggestions with prices and reasons; lets the person prepare and confirm an order.",
  prefersBorder: true,
  // The app's own origin, which ChatGPT uses for the widget's sandbox (openai/widgetDomain).
  domain: "https://giftgenius.example",
  domains: {
    // Gift pictures come from the catalog's image CDN (tool output `image_url`).
    resource: ["https://images.giftgenius.example"],
    // The widget talks to nothing directly: every call goes through the host.
    connect: [],
    // Product pages and checkout, opened with openExternal.
    redirect: ["https://shop.giftgenius.example"],
  },
  contract: giftGenius,
});
