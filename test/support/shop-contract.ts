/**
 * The kit's own fixture contract: a small shop, so the kit's unit tests do not depend on an
 * example app (an edit to GiftGenius must not break them). It exercises every contract
 * feature those tests need: a list kind with an empty-list reason, a `confirm` record (a draft
 * with a Money total and an expiry), a `committed` record (with a replay flag), Money, https and
 * resource URLs, text limits (a hard title cap, a tolerant reason) and tags.
 */
import * as v from "valibot";
import {
  defineContract,
  httpsUrl,
  id,
  isoDateTime,
  listKind,
  MoneySchema,
  recordKind,
  resourceUrl,
  text,
  textList,
  tolerant,
} from "../../src/contract/index.ts";

/** Title and reason limits, in characters: tests check the parser holds to them. */
export const TITLE_MAX = 200;
export const REASON_MAX = 500;

/** One product of a list. Bad URLs and tags are removed; the product is kept. */
export const ProductSchema = v.object({
  id: id(),
  title: v.pipe(text(TITLE_MAX), v.minLength(1)),
  price: MoneySchema,
  image_url: resourceUrl(),
  page_url: httpsUrl(),
  reason: tolerant(text(REASON_MAX)),
  tags: textList(),
});

/** A prepared, not yet placed purchase: what the person confirms. */
export const PurchaseDraftSchema = v.object({
  draft_id: id(),
  product: ProductSchema,
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  total: MoneySchema,
  expires_at: isoDateTime(),
});

/** A placed purchase. */
export const PurchaseSchema = v.object({
  purchase_id: id(),
  draft_id: id(),
  status: v.literal("placed"),
  total: MoneySchema,
  receipt_url: httpsUrl(),
});

/** The shop's kinds, contract v1: `product_list`, `purchase_draft`, `purchase`. */
export const shop = defineContract({
  kinds: {
    product_list: listKind({ items: "products", item: ProductSchema, reason: "no_match_reason" }),
    purchase_draft: recordKind({ state: "confirm", entries: { draft: PurchaseDraftSchema } }),
    purchase: recordKind({
      state: "committed",
      entries: { purchase: PurchaseSchema, replayed: v.boolean() },
    }),
  },
});
