/**
 * The GiftGenius contract, declared with the kit's defineContract(). The wire names here
 * (`gifts`, `draft`, `order`, ...) are published API: the widget HTML is cached by the host
 * when the app is registered, so a rename is a major version, not a fix.
 */
import * as v from "valibot";
import {
  defineContract,
  httpsUrl,
  resourceUrl,
  id,
  isoDateTime,
  listKind,
  MoneySchema,
  recordKind,
  text,
  textList,
  tolerant,
  type KindEnvelope,
} from "mcp-widget-kit/contract";
import { savedPaymentMethods } from "mcp-widget-kit/checkout";

/** One suggested gift. Bad URLs and tags are removed; the card is kept. */
export const GiftCardSchema = v.object({
  id: id(),
  title: v.pipe(text(200), v.minLength(1)),
  price: MoneySchema,
  image_url: resourceUrl(),
  product_url: httpsUrl(),
  reason: tolerant(text(500)),
  tags: textList(),
});
/** One suggested gift, as the widget sees it after parsing. */
export type GiftCard = v.InferOutput<typeof GiftCardSchema>;

/** A prepared, not yet committed order: what the person confirms. */
export const OrderDraftSchema = v.object({
  draft_id: id(),
  gift: GiftCardSchema,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  total: MoneySchema,
  expires_at: isoDateTime(),
});

/** A committed order. */
export const OrderSchema = v.object({
  order_id: id(),
  draft_id: id(),
  status: v.literal("created"),
  total: MoneySchema,
  checkout_url: httpsUrl(),
  /** The saved card it was charged to (display fields only); absent when paid another way. */
  card: v.optional(v.object({ brand: text(40), last4: v.pipe(v.string(), v.regex(/^\d{4}$/)) })),
});

/**
 * What became of a draft, as `order_status` reads it: each state an answer (`ok: true`), never
 * an error. `placed` carries the order and the amount charged; an expired checkout whose late
 * payment was refunded carries the refund.
 */
export const OrderStatusSchema = v.picklist([
  "awaiting_confirmation",
  "awaiting_payment",
  "placed",
  "refunded",
  "expired",
  "refused",
]);

/** Every GiftGenius result kind, contract v1 (1.1 added `order_status`). */
export const giftGenius = defineContract({
  version: "1.1",
  kinds: {
    gift_suggestions: listKind({
      items: "gifts",
      item: GiftCardSchema,
      reason: "no_results_reason",
    }),
    order_draft: recordKind({
      state: "confirm",
      // The person's saved methods, display fields only, for the confirm dialog to offer.
      entries: { draft: OrderDraftSchema, payment_methods: savedPaymentMethods() },
    }),
    order: recordKind({
      state: "committed",
      entries: { order: OrderSchema, replayed: v.boolean() },
    }),
    order_status: recordKind({
      state: "record",
      entries: {
        status: OrderStatusSchema,
        /** One sentence the model can repeat to the person as it is. */
        summary: text(500),
        /** What the model may do next (never "do not check again": a read may be repeated). */
        next_step: v.optional(text(300)),
        /** `placed`: the order (its state is `status`, said once). */
        order: v.optional(v.omit(OrderSchema, ["status"])),
        /** `placed`: the amount charged. */
        charged: v.optional(MoneySchema),
        /** `expired` after a late payment: the refund of that payment. */
        refund_id: v.optional(id()),
        /** `refused`: the refusal's code. */
        refusal_code: v.optional(text(80)),
      },
    }),
  },
});

/** `suggest_gifts` → a list of gifts, or an empty list with a reason. */
export type GiftSuggestions = KindEnvelope<typeof giftGenius, "gift_suggestions">;
/** The name the design card uses for the same type. */
export type SuggestGiftsResult = GiftSuggestions;
/** `prepare_order` → a draft to confirm. */
export type OrderDraft = KindEnvelope<typeof giftGenius, "order_draft">;
/** `commit_order` → the order (and whether this was a replay of an earlier commit). */
export type Order = KindEnvelope<typeof giftGenius, "order">;
/** Whatever GiftGenius `parse()` returns. */
export type GiftGeniusView = ReturnType<typeof giftGenius.parse>;
