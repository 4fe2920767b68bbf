/** `suggest_gifts`: read only. Nothing found is a success with an empty list and a reason. */
import * as v from "valibot";
import { giftGenius } from "../../contract.ts";
import { defineTool, ToolFailure, widgetToolMeta } from "mcp-widget-kit/server";
import { CURRENCIES, INTERESTS, RELATIONSHIPS, type Currency } from "../catalog/types.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { toGiftCard, type GiftGeniusDeps } from "./shared.ts";

const MAX_INTERESTS = 5;
const MAX_BUDGET = 1_000_000_000;

const budget = (what: string) =>
  v.pipe(
    v.number(),
    v.finite(),
    v.minValue(0),
    v.maxValue(MAX_BUDGET),
    v.description(`${what} price per gift, in \`currency\`.`),
  );

/** The arguments of `suggest_gifts`. */
export const SuggestGiftsArgs = v.strictObject({
  interests: v.pipe(
    v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(30))),
    v.minLength(1),
    v.maxLength(MAX_INTERESTS),
    v.description(
      `What the person likes, 1-${MAX_INTERESTS} short words, e.g. ["books","coffee"].`,
    ),
  ),
  budget_min: budget("Lowest"),
  budget_max: budget("Highest"),
  currency: v.pipe(v.picklist(CURRENCIES), v.description("ISO 4217 code of the budget.")),
  age: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(0),
      v.maxValue(120),
      v.description("Age of the person, 0-120."),
    ),
  ),
  relationship_type: v.pipe(v.picklist(RELATIONSHIPS), v.description("Who the gift is for.")),
});

const isValidInterest = (item: unknown): item is string =>
  typeof item === "string" && item.length >= 1 && item.length <= 30;
const isBudget = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= MAX_BUDGET;
const KNOWN_INTERESTS = new Set<string>(INTERESTS);

/** The closest valid arguments: every validation example comes from here. */
export function repairSuggestGifts(args: {
  readonly [key: string]: unknown;
}): v.InferInput<typeof SuggestGiftsArgs> {
  const raw = args.interests;
  let interests: string[];
  if (Array.isArray(raw) && raw.length >= 1 && raw.length <= MAX_INTERESTS) {
    interests = raw.map((item) => (isValidInterest(item) ? item : "books"));
  } else {
    // Too many, none, or not a list: the known interests among them (never echoing free text).
    const known = Array.isArray(raw)
      ? raw
          .slice(0, 1_000)
          .filter(
            (item): item is string =>
              typeof item === "string" && KNOWN_INTERESTS.has(item.toLowerCase()),
          )
      : [];
    interests = [...new Set(known.map((item) => item.toLowerCase()))].slice(0, MAX_INTERESTS);
    if (interests.length === 0) interests = ["books"];
  }
  let min = isBudget(args.budget_min) ? args.budget_min : 0;
  let max = isBudget(args.budget_max)
    ? args.budget_max
    : Math.min(MAX_BUDGET, Math.max(min, 0) + 50);
  if (min > max) [min, max] = [max, min];
  const currency =
    typeof args.currency === "string" &&
    (CURRENCIES as readonly string[]).includes(args.currency.toUpperCase())
      ? (args.currency.toUpperCase() as Currency)
      : "USD";
  const relationship =
    typeof args.relationship_type === "string" &&
    (RELATIONSHIPS as readonly string[]).includes(args.relationship_type.toLowerCase())
      ? (args.relationship_type.toLowerCase() as (typeof RELATIONSHIPS)[number])
      : "friend";
  const repaired: v.InferInput<typeof SuggestGiftsArgs> = {
    interests,
    budget_min: min,
    budget_max: max,
    currency,
    relationship_type: relationship,
  };
  if (args.age !== undefined) {
    repaired.age =
      typeof args.age === "number" && Number.isFinite(args.age)
        ? Math.min(120, Math.max(0, Math.round(args.age)))
        : 30;
  }
  return repaired;
}

const DESCRIPTION =
  "Suggest gifts from the GiftGenius catalog for a person, by interests, budget (min and max in one currency), " +
  "optional age and the relationship to the giver. Read only. An empty list's no_results_reason names the arguments " +
  "that emptied it and the interests that exist.";

/** Builds the tool. */
export function suggestGiftsTool(deps: GiftGeniusDeps) {
  return defineTool(giftGenius, "gift_suggestions", {
    name: "suggest_gifts",
    title: "Suggest gifts",
    description: DESCRIPTION,
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    meta: widgetToolMeta(deps.widget, {
      invoking: "Finding gift ideas…",
      invoked: "Found gift ideas",
    }),
    // Anyone may search; a signed-in person gets a daily limit of their own.
    auth: { scopes: [], optional: true },
    arguments: {
      schema: SuggestGiftsArgs,
      repair: repairSuggestGifts,
      rules(args) {
        if (args.budget_min <= args.budget_max) return [];
        return [
          {
            field: "budget_min",
            code: "RANGE_INVERTED",
            message: "budget_min must not be greater than budget_max.",
          },
          {
            field: "budget_max",
            code: "RANGE_INVERTED",
            message: "budget_max must not be less than budget_min.",
          },
        ];
      },
    },
    async handler(args, context) {
      if (!(await deps.dailyLimit.take(context.caller))) {
        throw new ToolFailure({
          code: "DAILY_LIMIT_REACHED",
          message: "The daily limit of gift searches is reached.",
          retryable: false,
          next_action: GIFT_NEXT_ACTIONS.dailyLimit,
        });
      }
      const currency = args.currency as Currency;
      const query = {
        interests: args.interests,
        budgetMin: args.budget_min,
        budgetMax: args.budget_max,
        currency,
        age: args.age,
        relationship: args.relationship_type,
        limit: 8,
      };
      const found = await deps.catalog.search(query, context.signal);
      const wanted = new Set(args.interests.map((interest) => interest.toLowerCase()));
      const gifts = found.map((gift) => {
        const shared = gift.interests.filter((interest) => wanted.has(interest));
        return toGiftCard(gift, currency, `Matches: ${shared.join(", ")}.`);
      });
      if (gifts.length === 0) {
        // Names the arguments that emptied the list (and the interests that exist), so the
        // model changes the right one in one retry.
        const reason = deps.catalog.explainEmpty(query);
        return {
          ok: true,
          data: { gifts: [], no_results_reason: reason },
          text: `No gifts matched. ${reason} Change what it names and call suggest_gifts again.`,
        };
      }
      const list = gifts
        .map((gift) => `${gift.id}: ${gift.title} (${gift.price.amount} ${gift.price.currency})`)
        .join("; ");
      return {
        ok: true,
        data: { gifts },
        text: `Found ${gifts.length} gift(s): ${list}. Use prepare_order with a gift id to buy one.`,
      };
    },
  });
}
