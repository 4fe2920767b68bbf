/**
 * The catalog "service": searched in process, but reached the way a remote upstream would be,
 * so faults (outage, rate limit, latency, a proxy's HTML page) come through the same paths.
 */
import { readFileSync } from "node:fs";
import { ToolFailure, UpstreamProblem } from "mcp-widget-kit/server";
import { getFaults } from "../faults.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import type { CatalogGift, CatalogRecord, Currency } from "./types.ts";

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

function matches(gift: CatalogRecord, query: GiftQuery): number {
  if (gift.discontinued) return -1;
  const price = Number(gift.prices[query.currency]);
  if (!(price >= query.budgetMin && price <= query.budgetMax)) return -1;
  if (query.age !== undefined && (query.age < gift.age_min || query.age > gift.age_max)) return -1;
  if (!gift.relationships.includes(query.relationship)) return -1;
  const wanted = new Set(query.interests.map((interest) => interest.toLowerCase()));
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
  const withImage = ({ image_path, ...gift }: CatalogRecord): CatalogGift => ({
    ...gift,
    image_url: new URL(image_path, options.imageOrigin()).href,
  });
  return {
    all: gifts,
    async search(query, signal) {
      await upstream(options.timeoutMs, signal);
      return gifts
        .map((gift) => ({ gift, score: matches(gift, query) }))
        .filter((entry) => entry.score > 0)
        .sort(
          (a, b) =>
            b.score - a.score ||
            Number(a.gift.prices[query.currency]) - Number(b.gift.prices[query.currency]) ||
            a.gift.id.localeCompare(b.gift.id),
        )
        .slice(0, query.limit)
        .map((entry) => withImage(entry.gift));
    },
    async get(id, signal) {
      await upstream(options.timeoutMs, signal);
      const gift = byId.get(id);
      return gift && withImage(gift);
    },
  };
}
