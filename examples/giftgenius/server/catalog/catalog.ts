/**
 * The catalog "service": searched in process, but reached the way a remote upstream would be,
 * so faults (outage, rate limit, latency, a proxy's HTML page) come through the same paths.
 */
import { readFileSync } from "node:fs";
import {
  explainEmpty,
  ToolFailure,
  UpstreamProblem,
  type SearchCondition,
} from "mcp-widget-kit/server";
import { getFaults } from "../faults.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { RELATIONSHIPS, type CatalogGift, type CatalogRecord, type Currency } from "./types.ts";

/** A search, already validated. */
export interface GiftQuery {
  interests: string[];
  budgetMin: number;
  budgetMax: number;
  currency: Currency;
  age?: number | undefined;
  relationship: string;
  limit: number;
}

/** What the catalog offers the tools. */
export interface Catalog {
  search(query: GiftQuery, signal?: AbortSignal): Promise<CatalogGift[]>;
  /**
   * Why `query` found nothing: which of the conditions it was sent with emptied it, naming the
   * interests and relationships the catalog knows (one sentence, for `no_results_reason`).
   */
  explainEmpty(query: GiftQuery): string;
  /** A gift by id, discontinued ones included; `undefined` when unknown. */
  get(id: string, signal?: AbortSignal): Promise<CatalogGift | undefined>;
  /** Every gift as stored (examples in validation errors, recordings). */
  readonly all: readonly CatalogRecord[];
}

/** Loads the committed dataset. */
export function loadGifts(): CatalogRecord[] {
  return JSON.parse(
    readFileSync(new URL("./gifts.json", import.meta.url), "utf8"),
  ) as CatalogRecord[];
}

/** Options of {@link createCatalog}. */
export interface CatalogOptions {
  timeoutMs: number;
  /** The origin the pictures are served from (`PUBLIC_ORIGIN`), read at each answer. */
  imageOrigin: () => string;
}

/** The interests a search asks for, in the catalog's lower case: computed once per search. */
const wantedOf = (query: GiftQuery): ReadonlySet<string> =>
  new Set(query.interests.map((interest) => interest.toLowerCase()));

/**
 * A search's conditions, one predicate per argument the caller sent: the search keeps the gifts
 * meeting all of them, and an empty search names the ones that emptied it from the same
 * predicates. Age is a condition only when it was sent.
 */
function conditionsOf(query: GiftQuery, wanted: ReadonlySet<string>, interests: readonly string[]) {
  const price = (gift: CatalogRecord) => Number(gift.prices[query.currency]);
  const conditions: SearchCondition<CatalogRecord>[] = [
    {
      field: "interests",
      test: (gift) => gift.interests.some((interest) => wanted.has(interest)),
      values: interests,
      needs: (gift) => ({ includes: gift.interests }),
    },
    {
      field: "budget_min",
      test: (gift) => price(gift) >= query.budgetMin,
      needs: (gift) => ({ atMost: price(gift) }),
    },
    {
      field: "budget_max",
      test: (gift) => price(gift) <= query.budgetMax,
      needs: (gift) => ({ atLeast: price(gift) }),
    },
    {
      field: "relationship_type",
      test: (gift) => gift.relationships.includes(query.relationship),
      values: RELATIONSHIPS,
      needs: (gift) => ({ oneOf: gift.relationships }),
    },
  ];
  const { age } = query;
  if (age !== undefined)
    conditions.push({
      field: "age",
      test: (gift) => age >= gift.age_min && age <= gift.age_max,
      needs: (gift) => ({ atLeast: gift.age_min, atMost: gift.age_max }),
    });
  return conditions;
}

/** How many of the wanted interests a gift shares (its rank); the gift meets every condition. */
function score(gift: CatalogRecord, wanted: ReadonlySet<string>): number {
  return gift.interests.filter((interest) => wanted.has(interest)).length;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Simulates the upstream's failures; the problem bodies carry internals that must not leak. */
async function upstream(timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const faults = getFaults();
  const latency = faults.catalogLatencyMs ?? 0;
  if (faults.catalog === "timeout" || latency > timeoutMs) {
    await sleep(Math.min(latency, timeoutMs), signal);
    throw new ToolFailure(
      {
        code: "UPSTREAM_TIMEOUT",
        message: "The gift catalog did not answer in time.",
        retryable: true,
        retry_after_seconds: 2,
        next_action: GIFT_NEXT_ACTIONS.retryLater,
      },
      { log: { upstream: "catalog", timeout_ms: timeoutMs } },
    );
  }
  if (latency > 0) await sleep(latency, signal);
  switch (faults.catalog) {
    case "503":
      throw new UpstreamProblem(
        503,
        {
          type: "https://catalog.internal/problems/unavailable",
          title: "Service Unavailable",
          status: 503,
          detail: "pg pool exhausted on catalog-db-7.internal:5432",
          retry_after_seconds: 5,
        },
        "catalog",
      );
    case "429":
      throw new UpstreamProblem(
        429,
        {
          type: "https://catalog.internal/problems/rate-limited",
          title: "Too Many Requests",
          status: 429,
          detail: "quota 600/min for key ck_live_9f8e exceeded",
          retry_after_seconds: 10,
        },
        "catalog",
      );
    case "500":
      throw new UpstreamProblem(
        500,
        {
          title: "Internal Server Error",
          status: 500,
          detail: "TypeError: Cannot read properties of undefined at /srv/catalog/search.js:42:7",
        },
        "catalog",
      );
    case "html":
      throw new UpstreamProblem(
        502,
        "<html><body><h1>502 Bad Gateway</h1><hr>nginx/1.25 upstream 10.0.3.7:8080</body></html>",
        "catalog",
      );
    default:
  }
}

/**
 * The in-process catalog over `gifts`, subject to the active faults. Answers carry each
 * picture's absolute URL on the image origin.
 */
export function createCatalog(gifts: CatalogRecord[], options: CatalogOptions): Catalog {
  const byId = new Map(gifts.map((gift) => [gift.id, gift]));
  const offered = gifts.filter((gift) => !gift.discontinued);
  const interests = [...new Set(offered.flatMap((gift) => gift.interests))].sort();
  const withImage = ({ image_path, ...gift }: CatalogRecord): CatalogGift => ({
    ...gift,
    image_url: new URL(image_path, options.imageOrigin()).href,
  });
  return {
    all: gifts,
    async search(query, signal) {
      await upstream(options.timeoutMs, signal);
      const wanted = wantedOf(query);
      const conditions = conditionsOf(query, wanted, interests);
      return offered
        .filter((gift) => conditions.every((condition) => condition.test(gift)))
        .map((gift) => ({ gift, score: score(gift, wanted) }))
        .sort(
          (a, b) =>
            b.score - a.score ||
            Number(a.gift.prices[query.currency]) - Number(b.gift.prices[query.currency]) ||
            a.gift.id.localeCompare(b.gift.id),
        )
        .slice(0, query.limit)
        .map((entry) => withImage(entry.gift));
    },
    explainEmpty(query) {
      return explainEmpty(offered, conditionsOf(query, wantedOf(query), interests), "gift").reason;
    },
    async get(id, signal) {
      await upstream(options.timeoutMs, signal);
      const gift = byId.get(id);
      return gift && withImage(gift);
    },
  };
}
