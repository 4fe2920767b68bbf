/**
 * GiftGenius on ChatGPT's payment sheet: declared once, the kit registers `start_checkout`
 * (the widget calls it with the person's confirmation of a `prepare_order` draft) and
 * `complete_checkout` (ChatGPT calls it when the person paid). The session is priced from the
 * catalog now, as a commit is judged; the sheet charges the test provider once per session
 * and takes the draft's single use, so a draft is paid on the sheet or by `commit_order`,
 * never both. See docs/checkout.md.
 */
import { ToolFailure } from "mcp-widget-kit/server";
import {
  createPaymentSheet,
  type PaymentSheet,
  type SheetPaymentProvider,
} from "mcp-widget-kit/checkout/server";
import { orderPage, SHOP_ORIGIN } from "../../shop.ts";
import { toMinorUnits } from "../sheet-payments.ts";
import { priceDraft } from "./commit-order.ts";
import { ORDERS_SCOPE, type GiftGeniusDeps } from "./shared.ts";

/** The session tool's name: the widget calls it when the person chooses to pay on the sheet. */
export const START_CHECKOUT = "start_checkout";

/** GiftGenius' payment sheet on `provider` (test money: the fake provider's test tokens). */
export function giftGeniusSheet(
  deps: GiftGeniusDeps,
  provider: SheetPaymentProvider,
  secret: { secret: string; previousSecrets: string[] },
): PaymentSheet {
  return createPaymentSheet({
    store: deps.store,
    provider,
    paymentProvider: {
      provider: "giftgenius_test_pay",
      merchant_id: "acct_giftgenius_test",
      supported_payment_methods: [{ type: "card", allowed_card_brands: ["visa", "mastercard"] }],
    },
    paymentMode: "test",
    links: [
      { type: "terms_of_use", url: `${SHOP_ORIGIN}/terms` },
      { type: "return_policy", url: `${SHOP_ORIGIN}/returns` },
    ],
    orders: { permalinkUrl: orderPage },
    // As its own writes: a token that may not place orders may not pay for one either.
    scopes: [ORDERS_SCOPE],
    secret,
    timing: deps.timing,
    now: () => deps.now(),
    sessionTool: {
      name: START_CHECKOUT,
      prepare: "prepare_order",
      async draft(draftId, context) {
        const priced = await priceDraft(deps, draftId, context.caller, context);
        // A refusal of the draft (unknown, expired, repriced, no longer sold): nothing changed.
        if ("final" in priced) {
          if (priced.value.ok) throw new TypeError("a refusal without an error");
          throw new ToolFailure(priced.value.error);
        }
        const { claims, card } = priced;
        return {
          draftId,
          currency: claims.currency,
          lines: [
            {
              itemId: card.id,
              name: card.title,
              ...(card.image_url?.startsWith("https://") ? { imageUrl: card.image_url } : {}),
              quantity: claims.quantity,
              unitAmount: toMinorUnits(card.price.amount, claims.currency),
            },
          ],
          expiresAt: claims.expiresAt,
        };
      },
    },
  });
}
