/**
 * What GiftGenius declares about its widget. The build turns this into the resource `_meta`
 * and the CSP, and fails if the bundle reaches an origin that is not listed here.
 */
import { defineWidgetConfig } from "mcp-widget-kit/build";
import { giftGenius } from "./contract.ts";
import { SHOP_ORIGIN } from "./shop.ts";

export default defineWidgetConfig({
  name: "giftgenius",
  description:
    "Gift suggestions with prices and reasons; lets the person prepare and confirm an order.",
  prefersBorder: true,
  // The app's own origin, which ChatGPT uses for the widget's sandbox (openai/widgetDomain).
  domain: "https://giftgenius.example",
  domains: {
    // Gift pictures (tool output `image_url`) are served by the GiftGenius server itself, at
    // /images/ on its public origin. The server adds the origin it is configured with
    // (`PUBLIC_ORIGIN`, or where it listens in development) when it registers the widget.
    resource: ["https://giftgenius.example"],
    // The widget talks to nothing directly: every call goes through the host.
    connect: [],
    // Product pages, opened with openExternal. The external checkout's origin is a server
    // setting (GIFTGENIUS_CHECKOUT_ORIGIN), added to the served resource's redirect domains.
    redirect: [SHOP_ORIGIN],
  },
  contract: giftGenius,
});
