/** `prepare_order`: a draft to confirm. Same arguments → same draft; nothing is stored or charged. */
import * as v from "valibot";
import { giftGenius } from "../../contract.ts";
import { defineTool, ToolFailure, widgetToolMeta } from "mcp-widget-kit/server";
import { CURRENCIES, type Currency } from "../catalog/types.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { savedMethodsOf } from "../saved-methods.ts";
import { multiplyAmount, ORDERS_SCOPE, toGiftCard, type GiftGeniusDeps } from "./shared.ts";

const GIFT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The arguments of `prepare_order`. `currency` is optional (USD) and not in the design card. */
export const PrepareOrderArgs = v.strictObject({
  gift_id: v.pipe(v.string(), v.regex(GIFT_ID), v.description("A gift id from suggest_gifts.")),
  quantity: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(10),
      v.description("How many, 1-10 (default 1)."),
    ),
  ),
  currency: v.optional(
    v.pipe(
      v.picklist(CURRENCIES),
      v.description("Currency of the total; use the one of the search (default USD)."),
    ),
  ),
});

/** The closest valid arguments (validation examples). */
export function repairPrepareOrder(
  args: { readonly [key: string]: unknown },
  exampleGiftId: string,
): v.InferInput<typeof PrepareOrderArgs> {
  const repaired: v.InferInput<typeof PrepareOrderArgs> = {
    gift_id:
      typeof args.gift_id === "string" && GIFT_ID.test(args.gift_id) ? args.gift_id : exampleGiftId,
  };
  if (args.quantity !== undefined) {
    repaired.quantity =
      typeof args.quantity === "number" && Number.isFinite(args.quantity)
        ? Math.min(10, Math.max(1, Math.round(args.quantity)))
        : 1;
  }
  if (args.currency !== undefined) {
    repaired.currency =
      typeof args.currency === "string" &&
      (CURRENCIES as readonly string[]).includes(args.currency.toUpperCase())
        ? (args.currency.toUpperCase() as Currency)
        : "USD";
  }
  return repaired;
}

/** Builds the tool. */
export function prepareOrderTool(deps: GiftGeniusDeps) {
  const exampleGiftId = deps.catalog.all.find((gift) => !gift.discontinued)?.id ?? "gift-0001";
  return defineTool(giftGenius, "order_draft", {
    name: "prepare_order",
    title: "Prepare an order",
    description:
      "Prepare an order draft for one gift from suggest_gifts: returns the total and an expiry for the person to confirm. " +
      "Charges nothing and stores nothing; the same arguments return the same draft.",
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    meta: widgetToolMeta(deps.widget, {
      invoking: "Preparing the order…",
      invoked: "Order ready to confirm",
    }),
    // A draft belongs to the person who will confirm it.
    auth: { scopes: [ORDERS_SCOPE] },
    arguments: {
      schema: PrepareOrderArgs,
      repair: (args) => repairPrepareOrder(args, exampleGiftId),
    },
    async handler(args, context) {
      const gift = await deps.catalog.get(args.gift_id, context.signal);
      if (!gift) {
        throw new ToolFailure({
          code: "GIFT_NOT_FOUND",
          message: "No gift has this gift_id.",
          retryable: false,
          next_action: GIFT_NEXT_ACTIONS.searchAgain,
          field_errors: [
            {
              field: "gift_id",
              code: "NOT_FOUND",
              message: "Use a gift id returned by suggest_gifts.",
              example: JSON.stringify(exampleGiftId),
            },
          ],
        });
      }
      if (gift.discontinued) {
        throw new ToolFailure({
          code: "ITEM_UNAVAILABLE",
          message: "This gift is no longer sold.",
          retryable: false,
          next_action: GIFT_NEXT_ACTIONS.searchAgain,
        });
      }
      const quantity = args.quantity ?? 1;
      const currency = (args.currency ?? "USD") as Currency;
      const card = toGiftCard(gift, currency);
      const total = { amount: multiplyAmount(card.price.amount, quantity), currency };
      const { draftId, expiresAt } = deps.drafts.issue(
        { giftId: gift.id, quantity, currency, total: total.amount },
        deps.now(),
        context.caller,
      );
      // What the person may pay with: display fields of their own saved methods only — none
      // with external checkout on, where the person pays on the merchant's page. The widget's
      // alone (`_meta`): the model reads only that some exist.
      const methods = deps.merchant ? undefined : savedMethodsOf(context.caller);
      return {
        ok: true,
        data: {
          draft: {
            draft_id: draftId,
            gift: card,
            quantity,
            total,
            expires_at: new Date(expiresAt).toISOString(),
          },
          ...(methods ? { has_saved_methods: methods.length > 0 } : {}),
        },
        ...(methods ? { widgetOnly: { payment_methods: methods } } : {}),
        text: `Draft ${draftId}: ${quantity} × ${gift.title}, total ${total.amount} ${currency}. The person confirms it in the app.`,
      };
    },
  });
}
