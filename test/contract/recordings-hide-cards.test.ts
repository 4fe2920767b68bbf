/**
 * Saved cards are the widget's alone: they travel in a result's widget-only part
 * (`_meta["mcp-widget-kit/widget-only"]`), and what the model reads — `structuredContent` and
 * the text `content` — says at most that the person has saved methods. Checked on every
 * template's recordings, against the cards each recording itself carries and against any card
 * at all (a brand's name, a `last4` or `brand` field, a method id).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/repo-root.ts";

const TEMPLATES = path.join(repoRoot, "templates");
const recordings = readdirSync(TEMPLATES).flatMap((template) => {
  const dir = path.join(TEMPLATES, template, "fixtures");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  } catch {
    return []; // a template without recordings
  }
  return files.map((file) => path.join(template, "fixtures", file));
});

/** Any card: its field names, a brand's name, a method id as the kit's templates mint them. */
const ANY_CARD = /"(brand|last4)"|\bpm_[A-Za-z0-9]|\b(Visa|Mastercard|Amex|American Express)\b/;

/** Every string inside `value` under `key` anywhere (the cards' own brands, digits and ids). */
function valuesOf(value: unknown, keys: ReadonlySet<string>, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) valuesOf(item, keys, out);
  else if (typeof value === "object" && value !== null)
    for (const [key, item] of Object.entries(value)) {
      if (keys.has(key) && typeof item === "string") out.push(item);
      else valuesOf(item, keys, out);
    }
  return out;
}

/** A result `_meta`'s widget-only part (where the cards belong). */
const widgetOnly = (meta: unknown) =>
  (meta as { readonly "mcp-widget-kit/widget-only"?: unknown } | undefined)?.[
    "mcp-widget-kit/widget-only"
  ];

/** `needle` as a whole word of `text` (a "4242" inside a longer id is no card). */
const hasWord = (text: string, needle: string) =>
  new RegExp(
    `(?<![A-Za-z0-9])${needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![A-Za-z0-9])`,
  ).test(text);

describe("templates' recordings keep saved cards from the model", () => {
  it("has the recordings that carry cards", () => {
    // The test reads something: the flights template's draft and receipt carry cards.
    expect(recordings).toContain(path.join("flights", "fixtures", "confirm--prepare-booking.json"));
  });

  it.each(recordings)("%s: no card in structuredContent or the text content", (file) => {
    const result = JSON.parse(readFileSync(path.join(TEMPLATES, file), "utf8")) as {
      readonly _meta?: unknown;
      readonly structuredContent?: unknown;
      readonly content?: unknown;
    };
    const seen = JSON.stringify([result.structuredContent ?? null, result.content ?? null]);
    expect(seen).not.toMatch(ANY_CARD);
    // The cards this recording gave the widget: none of their details reached the model.
    const own = valuesOf(widgetOnly(result._meta), new Set(["brand", "last4", "id"]));
    for (const detail of own) expect(hasWord(seen, detail), detail).toBe(false);
  });

  it("finds the flights draft's cards in its widget-only part", () => {
    const draft = JSON.parse(
      readFileSync(path.join(TEMPLATES, "flights/fixtures/confirm--prepare-booking.json"), "utf8"),
    ) as { readonly _meta: unknown };
    expect(valuesOf(widgetOnly(draft._meta), new Set(["last4"]))).not.toHaveLength(0);
  });
});
