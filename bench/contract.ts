/**
 * Contract validation cost: `parse` of a gift list against `JSON.parse` of the same text in
 * the same run (a host hands the widget parsed JSON, so parsing the text is the natural
 * yardstick), and how that cost grows from 100 to 10,000 gifts.
 */
import { giftGenius } from "../examples/giftgenius/contract.ts";
import { medianMs, round, type BenchRow } from "./measure.ts";
import { giftSuggestions } from "./payload.ts";

/** Rows for `npm run bench`. */
export async function benchContract(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const perGift: number[] = [];
  for (const count of [100, 1_000, 10_000]) {
    const value = giftSuggestions(count);
    const textValue = JSON.stringify(value);
    const parseMs = medianMs(() => giftGenius.parse(value));
    const jsonMs = medianMs(() => JSON.parse(textValue));
    perGift.push(parseMs / count);
    if (count === 1_000) {
      rows.push({ name: "contract: parse(1,000 gifts) ms", value: round(parseMs, 3) });
      rows.push({ name: "contract: JSON.parse(same text) ms", value: round(jsonMs, 3) });
      rows.push({
        name: "contract: parse / JSON.parse, 1,000 gifts",
        value: round(parseMs / jsonMs),
        goal: "≤ 2×",
      });
    }
    rows.push({
      name: `contract: parse µs per gift at ${count.toLocaleString("en")}`,
      value: round((parseMs * 1000) / count, 3),
    });
  }
  rows.push({
    name: "contract: growth 100→10,000 (per-gift cost ratio)",
    value: round(perGift[2]! / perGift[0]!),
    goal: "≈ 1 (linear)",
  });
  return rows;
}
