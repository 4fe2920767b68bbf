/**
 * Writes `public/images/<interest>.svg`: one small picture per catalog category, which the
 * GiftGenius server serves from its own origin (`/images/…`). Generated, so the repository
 * holds no image from elsewhere and the set can always be reproduced:
 * `tsx examples/giftgenius/server/catalog/generate-images.ts`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { INTERESTS } from "./types.ts";

/** Where the images are written: GiftGenius' `public/images/`. */
export const IMAGES_DIR = fileURLToPath(new URL("../../public/images/", import.meta.url));

/** `board_games` → `Board games`. */
function label(interest: string): string {
  const words = interest.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A 320×200 card: a background in the category's own hue (spread evenly round the colour
 * wheel), a gift box, and the category's name. Text is set in DejaVu Sans, which CI
 * installs, so screenshots of it are the same on every machine.
 */
export function categoryImage(interest: string, index: number, count: number): string {
  const hue = Math.round((index * 360) / count);
  const dark = `hsl(${hue} 45% 32%)`;
  const light = `hsl(${hue} 70% 86%)`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200" role="img" aria-label="${label(interest)}">`,
    `<rect width="320" height="200" fill="${light}"/>`,
    `<circle cx="262" cy="38" r="70" fill="${dark}" opacity=".12"/>`,
    `<g transform="translate(126 38)" fill="${dark}">`,
    `<rect x="0" y="30" width="68" height="56" rx="4"/>`,
    `<rect x="-6" y="16" width="80" height="18" rx="3"/>`,
    `<rect x="29" y="16" width="10" height="70" fill="${light}"/>`,
    `<path d="M34 16c-10-16-30-14-26-2 2 6 16 4 26 2zm0 0c10-16 30-14 26-2-2 6-16 4-26 2z"/>`,
    `</g>`,
    `<text x="160" y="176" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="20" font-weight="bold" fill="${dark}">${label(interest)}</text>`,
    `</svg>`,
    ``,
  ].join("\n");
}

/** The image's path on the server for a catalog category. */
export function imagePathOf(interest: string): string {
  return `/images/${interest}.svg`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  mkdirSync(IMAGES_DIR, { recursive: true });
  INTERESTS.forEach((interest, index) =>
    writeFileSync(`${IMAGES_DIR}${interest}.svg`, categoryImage(interest, index, INTERESTS.length)),
  );
  console.log(`wrote ${INTERESTS.length} images to public/images/`);
}
