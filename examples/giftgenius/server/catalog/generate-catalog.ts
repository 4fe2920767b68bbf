/**
 * Writes gifts.json: the GiftGenius demo catalog, generated deterministically (a seeded PRNG),
 * so the committed file can always be reproduced: `tsx examples/giftgenius/server/catalog/generate-catalog.ts`.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { SHOP_ORIGIN } from "../../shop.ts";
import { imagePathOf } from "./generate-images.ts";
import { CURRENCIES, INTERESTS, RELATIONSHIPS, type CatalogRecord } from "./types.ts";

/** mulberry32: tiny, seeded, good enough for demo data. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const NOUNS: Record<(typeof INTERESTS)[number], string[]> = {
  books: [
    "Reading Light",
    "Book Subscription",
    "Leather Bookmark Set",
    "Novel Box Set",
    "Bookend Pair",
  ],
  music: [
    "Bluetooth Speaker",
    "Vinyl Record Cleaner",
    "Ukulele Starter Kit",
    "Studio Headphones",
    "Concert Poster Print",
  ],
  cooking: ["Chef's Knife", "Cast Iron Skillet", "Spice Sampler", "Pasta Maker", "Recipe Journal"],
  coffee: ["Pour-Over Set", "Burr Grinder", "Single-Origin Sampler", "Travel Mug", "Espresso Cups"],
  tea: ["Loose Leaf Sampler", "Glass Teapot", "Matcha Whisk Set", "Tea Timer", "Gongfu Tea Tray"],
  gardening: [
    "Herb Garden Kit",
    "Pruning Shears",
    "Seed Collection",
    "Kneeling Pad",
    "Terracotta Planters",
  ],
  hiking: [
    "Trail Daypack",
    "Trekking Poles",
    "Trail Map Print",
    "Water Filter Bottle",
    "Merino Socks",
  ],
  camping: ["Camp Lantern", "Enamel Mug Set", "Hammock", "Fire Starter Kit", "Camp Stove"],
  photography: [
    "Camera Strap",
    "Mini Tripod",
    "Photo Book Voucher",
    "Lens Cleaning Kit",
    "Instant Film Pack",
  ],
  gaming: ["Controller Stand", "Gaming Headset", "Retro Console", "Mouse Pad XL", "Game Gift Card"],
  board_games: [
    "Strategy Board Game",
    "Party Card Game",
    "Wooden Chess Set",
    "Cooperative Puzzle Game",
    "Dice Tower",
  ],
  art: ["Watercolour Set", "Sketchbook", "Brush Pen Set", "Art Print", "Easel"],
  crafts: [
    "Embroidery Kit",
    "Pottery Kit",
    "Candle Making Kit",
    "Origami Paper Set",
    "Macrame Kit",
  ],
  fitness: ["Resistance Bands", "Foam Roller", "Jump Rope", "Kettlebell", "Fitness Tracker"],
  yoga: ["Cork Yoga Mat", "Meditation Cushion", "Yoga Blocks", "Yoga Strap", "Class Pass Voucher"],
  running: [
    "Running Belt",
    "Reflective Vest",
    "Insulated Bottle",
    "Race Entry Voucher",
    "Running Cap",
  ],
  cycling: ["Bike Light Set", "Saddle Bag", "Multi-Tool", "Cycling Gloves", "Bike Bell"],
  travel: ["Packing Cubes", "Scratch Map", "Passport Wallet", "Neck Pillow", "Universal Adapter"],
  tech: ["Wireless Charger", "Smart Plug", "Cable Organiser", "Power Bank", "E-Reader Cover"],
  pets: ["Pet Portrait Print", "Puzzle Feeder", "Cosy Pet Bed", "Pet Camera", "Treat Jar"],
  science: [
    "Microscope Kit",
    "Crystal Growing Kit",
    "Periodic Table Poster",
    "Robot Kit",
    "Chemistry Set",
  ],
  history: [
    "Historical Atlas",
    "Vintage Map Print",
    "Documentary Box Set",
    "Museum Pass",
    "Replica Coin Set",
  ],
  movies: [
    "Popcorn Maker",
    "Cinema Voucher",
    "Mini Projector",
    "Film Poster Print",
    "Classic Films Box Set",
  ],
  baking: [
    "Stand Mixer Bowl",
    "Sourdough Starter Kit",
    "Cookie Cutter Set",
    "Baking Stone",
    "Silicone Mat Set",
  ],
  puzzles: [
    "1000-Piece Jigsaw",
    "Wooden Brain Teasers",
    "Puzzle Mat",
    "Crossword Book",
    "Escape Room Box",
  ],
  knitting: [
    "Merino Yarn Bundle",
    "Bamboo Needles",
    "Knitting Pattern Book",
    "Yarn Bowl",
    "Stitch Markers",
  ],
  astronomy: [
    "Star Map Print",
    "Beginner Telescope",
    "Planisphere",
    "Moon Lamp",
    "Stargazing Guide",
  ],
  fashion: ["Silk Scarf", "Leather Wallet", "Wool Beanie", "Sunglasses Case", "Cufflinks"],
  wellness: [
    "Aromatherapy Diffuser",
    "Weighted Blanket",
    "Bath Salts Set",
    "Sleep Mask",
    "Massage Ball",
  ],
};

const ADJECTIVES = [
  "Classic",
  "Deluxe",
  "Handmade",
  "Compact",
  "Premium",
  "Eco",
  "Vintage",
  "Everyday",
  "Pro",
  "Cosy",
];
const RATES: Record<(typeof CURRENCIES)[number], { rate: number; step: number }> = {
  USD: { rate: 1, step: 0.01 },
  EUR: { rate: 0.92, step: 0.01 },
  GBP: { rate: 0.79, step: 0.01 },
  RUB: { rate: 90, step: 1 },
  CNY: { rate: 7.2, step: 0.1 },
  VND: { rate: 24_000, step: 1_000 },
};

function money(usd: number, currency: (typeof CURRENCIES)[number]): string {
  const { rate, step } = RATES[currency];
  const rounded = Math.max(step, Math.round((usd * rate) / step) * step);
  return step >= 1 ? String(Math.round(rounded)) : rounded.toFixed(2);
}

/** Builds the catalog: `count` gifts from `seed`. */
export function generateCatalog(count = 240, seed = 20_260_601): CatalogRecord[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const gifts: CatalogRecord[] = [];
  for (let index = 0; index < count; index++) {
    const primary = INTERESTS[index % INTERESTS.length] as (typeof INTERESTS)[number];
    const secondary = pick(INTERESTS);
    const interests = primary === secondary ? [primary] : [primary, secondary];
    const noun = pick(NOUNS[primary]);
    const usd = Math.round((8 + random() ** 2 * 290) * 100) / 100;
    const ageMin = pick([0, 3, 8, 12, 16, 18, 18, 18, 25, 40]);
    const ageMax = Math.min(120, ageMin + pick([10, 20, 40, 60, 102]));
    const relationships = RELATIONSHIPS.filter(() => random() < 0.55);
    const prices = Object.fromEntries(
      CURRENCIES.map((currency) => [currency, money(usd, currency)]),
    ) as CatalogRecord["prices"];
    gifts.push({
      id: `gift-${String(index + 1).padStart(4, "0")}`,
      title: `${pick(ADJECTIVES)} ${noun}`,
      prices,
      interests,
      age_min: ageMin,
      age_max: ageMax,
      relationships: relationships.length > 0 ? relationships : ["friend"],
      discontinued: index % 17 === 16,
      image_path: imagePathOf(primary),
      product_url: `${SHOP_ORIGIN}/gifts/gift-${String(index + 1).padStart(4, "0")}`,
    });
  }
  return gifts;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const target = fileURLToPath(new URL("./gifts.json", import.meta.url));
  writeFileSync(target, `${JSON.stringify(generateCatalog(), null, 1)}\n`);
  console.log(`wrote ${target}`);
}
