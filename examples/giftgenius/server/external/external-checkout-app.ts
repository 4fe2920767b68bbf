/**
 * External checkout assembled for GiftGenius, when the app declares a checkout origin: the
 * fake merchant on the app's database (a commit creates its session instead of charging:
 * start-checkout.ts), the provider's webhook that marks it paid, and the origin as the
 * widget's redirect domain. docs/checkout.md, "External checkout".
 */
import type { IdempotencyStore, ResourceProvider, ServerLogger } from "mcp-widget-kit/server";
import type { GiftGeniusConfig } from "../config.ts";
import { withRedirectOrigin } from "./checkout-setting.ts";
import { checkoutWebhook } from "./checkout-webhook.ts";
import { createMerchantCheckouts, type MerchantCheckouts } from "./merchant-checkouts.ts";

/** The parts `createGiftGenius` wires, or `undefined` when external checkout is off. */
export function externalCheckout(
  config: Pick<
    GiftGeniusConfig,
    "checkoutOrigin" | "webhookSecrets" | "databaseUrl" | "sqliteFile"
  >,
  store: IdempotencyStore,
  log: ServerLogger,
  now: () => number,
):
  | {
      merchant: MerchantCheckouts;
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
    now,
  });
  return {
    merchant,
    webhook: checkoutWebhook({ secrets: config.webhookSecrets, store, merchant, log, now }),
    resources: (provider) => withRedirectOrigin(provider, origin),
  };
}
