/**
 * External checkout assembled for GiftGenius, when the app declares a checkout origin: the
 * fake merchant on the app's database, the tool that creates its session once per draft, the
 * provider's webhook that marks it paid, and the origin as the widget's redirect domain.
 * docs/checkout.md, "External checkout".
 */
import type { ResourceProvider, ServerLogger } from "mcp-widget-kit/server";
import type { GiftGeniusConfig } from "../config.ts";
import type { GiftGeniusDeps } from "../tools/shared.ts";
import { externalCheckoutTool } from "../tools/external-checkout.ts";
import { withRedirectOrigin } from "./checkout-setting.ts";
import { checkoutWebhook } from "./checkout-webhook.ts";
import { createMerchantCheckouts, type MerchantCheckouts } from "./merchant-checkouts.ts";

/** The parts `createGiftGenius` wires, or `undefined` when external checkout is off. */
export function externalCheckout(
  config: Pick<
    GiftGeniusConfig,
    "checkoutOrigin" | "webhookSecrets" | "databaseUrl" | "sqliteFile"
  >,
  deps: GiftGeniusDeps,
  log: ServerLogger,
):
  | {
      merchant: MerchantCheckouts;
      tool: ReturnType<typeof externalCheckoutTool>;
      webhook: (request: Request) => Promise<Response | undefined>;
      resources: (provider: ResourceProvider) => ResourceProvider;
    }
  | undefined {
  const origin = config.checkoutOrigin;
  if (!origin) return undefined;
  const merchant = createMerchantCheckouts({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    origin,
    now: () => deps.now(),
  });
  return {
    merchant,
    tool: externalCheckoutTool(deps, merchant),
    webhook: checkoutWebhook({
      secrets: config.webhookSecrets,
      store: deps.store,
      merchant,
      log,
      now: () => deps.now(),
    }),
    resources: (provider) => withRedirectOrigin(provider, origin),
  };
}
