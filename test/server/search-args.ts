/**
 * An argument spec for validateArguments' tests: a search with a field of every kind a tool
 * declares — a bounded list of short strings, two prices with a cross-field rule, picklists,
 * an optional integer — and the repair every validation example comes from. It stands in for
 * an app's tool so the kit's validation is tested without one.
 */
import * as v from "valibot";
import type { ArgumentSpec } from "../../src/server/index.ts";

const MAX_TAGS = 4;
const MAX_PRICE = 10_000;
const CURRENCIES = ["USD", "EUR"] as const;
const AUDIENCES = ["friend", "parent", "colleague"] as const;
/** Tags a repair may keep from a list that is too long (never free text). */
const KNOWN_TAGS = new Set(["kitchen", "home", "garden", "books"]);

const price = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_PRICE));

/** The search's arguments. */
export const SearchArgs = v.strictObject({
  tags: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(30))),
    v.minLength(1),
    v.maxLength(MAX_TAGS),
  ),
  price_min: price,
  price_max: price,
  currency: v.picklist(CURRENCIES),
  age: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(120))),
  audience: v.picklist(AUDIENCES),
});

const isTag = (item: unknown): item is string =>
  typeof item === "string" && item.length >= 1 && item.length <= 30;
const isPrice = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_PRICE;
const picked = <T extends string>(value: unknown, among: readonly T[], fallback: T): T =>
  typeof value === "string" && (among as readonly string[]).includes(value.toLowerCase())
    ? (value.toLowerCase() as T)
    : typeof value === "string" && (among as readonly string[]).includes(value.toUpperCase())
      ? (value.toUpperCase() as T)
      : fallback;

/** The closest valid arguments: keeps what is valid, never echoes free text. */
export function repairSearch(args: {
  readonly [key: string]: unknown;
}): v.InferInput<typeof SearchArgs> {
  const raw = args.tags;
  let tags: string[];
  if (Array.isArray(raw) && raw.length >= 1 && raw.length <= MAX_TAGS) {
    tags = raw.map((item) => (isTag(item) ? item : "home"));
  } else {
    const known = Array.isArray(raw)
      ? raw
          .slice(0, 1_000)
          .filter((item): item is string => typeof item === "string")
          .map((item) => item.toLowerCase())
          .filter((item) => KNOWN_TAGS.has(item))
      : [];
    tags = [...new Set(known)].slice(0, MAX_TAGS);
    if (tags.length === 0) tags = ["home"];
  }
  let min = isPrice(args.price_min) ? args.price_min : 0;
  let max = isPrice(args.price_max) ? args.price_max : Math.min(MAX_PRICE, min + 50);
  if (min > max) [min, max] = [max, min];
  const repaired: v.InferInput<typeof SearchArgs> = {
    tags,
    price_min: min,
    price_max: max,
    currency: picked(args.currency, CURRENCIES, "USD"),
    audience: picked(args.audience, AUDIENCES, "friend"),
  };
  if (args.age !== undefined)
    repaired.age =
      typeof args.age === "number" && Number.isFinite(args.age)
        ? Math.min(120, Math.max(0, Math.round(args.age)))
        : 30;
  return repaired;
}

/** The spec: schema, repair, and the rule that the lowest price is not above the highest. */
export const searchSpec: ArgumentSpec<v.InferOutput<typeof SearchArgs>> = {
  schema: SearchArgs,
  repair: repairSearch,
  rules: (args) =>
    args.price_min > args.price_max
      ? [
          { field: "price_min", code: "RANGE_INVERTED", message: "x" },
          { field: "price_max", code: "RANGE_INVERTED", message: "x" },
        ]
      : [],
};

/** The search's argument names (what applyExamples keeps). */
export const SEARCH_FIELDS = Object.keys(SearchArgs.entries);
