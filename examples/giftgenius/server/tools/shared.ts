/** What every GiftGenius tool needs: catalog, drafts, payments, store, limits, widget URIs. */
import type { GiftCard } from "../../contract.ts";
import type { IdempotencyStore, ServerLogger, WidgetUris } from "mcp-widget-kit/server";
import type { Catalog } from "../catalog/catalog.ts";
import type { CatalogGift, Currency } from "../catalog/types.ts";
import type { DailyLimit } from "../daily-limit.ts";
import type { DraftSigner } from "../drafts.ts";
import type { PaymentProvider } from "../payments.ts";
import type { MerchantCheckouts } from "../external/merchant-checkouts.ts";

/** The scope `prepare_order` and `commit_order` require. */
export const ORDERS_SCOPE = "orders:write";

/** Dependencies of the tools. */
export interface GiftGeniusDeps {
  catalog: Catalog;
  drafts: DraftSigner;
  payments: PaymentProvider;
  /**
   * The merchant's checkout, when external checkout is on (`GIFTGENIUS_CHECKOUT_ORIGIN`): a
   * commit then creates its session instead of charging (docs/checkout.md).
   */
  merchant?: MerchantCheckouts;
  store: IdempotencyStore;
  /** The idempotency records' lifetime, lease and wait (`runCommit`'s `timing`). */
  timing: { ttlMs?: number; leaseMs?: number; waitMs?: number };
  dailyLimit: DailyLimit;
  widget: WidgetUris;
  log: ServerLogger;
  now(): number;
}

/** A catalog entry as the wire's GiftCard, priced in `currency`. */
export function toGiftCard(gift: CatalogGift, currency: Currency, reason?: string): GiftCard {
  return {
    id: gift.id,
    title: gift.title,
    price: { amount: gift.prices[currency], currency },
    image_url: gift.image_url,
    product_url: gift.product_url,
    tags: gift.interests,
    ...(reason ? { reason } : {}),
  };
}

/** `"25.99" × 3` in exact cents-or-smaller arithmetic (no float drift). */
export function multiplyAmount(amount: string, quantity: number): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const scale = 10 ** fraction.length;
  const units = (BigInt(whole) * BigInt(scale) + BigInt(fraction || "0")) * BigInt(quantity);
  if (fraction.length === 0) return units.toString();
  const text = units.toString().padStart(fraction.length + 1, "0");
  return `${text.slice(0, -fraction.length)}.${text.slice(-fraction.length)}`;
}
