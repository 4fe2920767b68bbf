/** The GiftGenius catalog's own record shape (server-side; the wire shape is GiftCard). */

/** Interests the catalog knows; also the vocabulary for examples in validation errors. */
export const INTERESTS = [
  "books",
  "music",
  "cooking",
  "coffee",
  "tea",
  "gardening",
  "hiking",
  "camping",
  "photography",
  "gaming",
  "board_games",
  "art",
  "crafts",
  "fitness",
  "yoga",
  "running",
  "cycling",
  "travel",
  "tech",
  "pets",
  "science",
  "history",
  "movies",
  "baking",
  "puzzles",
  "knitting",
  "astronomy",
  "fashion",
  "wellness",
] as const;

/** Currencies every catalog price is listed in. */
export const CURRENCIES = ["USD", "EUR", "GBP", "RUB", "CNY", "VND"] as const;
/** One of the catalog currencies. */
export type Currency = (typeof CURRENCIES)[number];

/** Who the gift is for. */
export const RELATIONSHIPS = [
  "partner",
  "parent",
  "child",
  "sibling",
  "friend",
  "colleague",
  "grandparent",
] as const;

/** One catalog entry. */
export interface CatalogGift {
  id: string;
  title: string;
  /** Decimal strings per currency. */
  prices: Record<Currency, string>;
  interests: string[];
  age_min: number;
  age_max: number;
  relationships: string[];
  /** No longer sold: never suggested; `prepare_order` answers `ITEM_UNAVAILABLE`. */
  discontinued: boolean;
  /** Absolute URL of its picture, on the server's public origin (see `CatalogRecord`). */
  image_url: string;
  product_url: string;
}

/**
 * One entry as `gifts.json` stores it: the picture as a path on the server (`/images/…`),
 * because the origin it is served from is the deployment's (`PUBLIC_ORIGIN`).
 */
export type CatalogRecord = Omit<CatalogGift, "image_url"> & { image_path: string };
