/**
 * Contract validation cost: `parse` of a product list (the kit's fixture shop contract,
 * test/support/shop-contract.ts) against `JSON.parse` of the same text in the same run (a host
 * hands the widget parsed JSON, so parsing the text is the natural yardstick), and how that
 * cost grows from 100 to 10,000 products.
 */
import { shop } from "../test/support/shop-contract.ts";
import { medianMs, round, type BenchRow } from "./measure.ts";
import { productList } from "./payload.ts";

/** Rows for `npm run bench`. */
export async function benchContract(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const perItem: number[] = [];
  for (const count of [100, 1_000, 10_000]) {
    const value = productList(count);
    const textValue = JSON.stringify(value);
    const parseMs = medianMs(() => shop.parse(value));
    const jsonMs = medianMs(() => JSON.parse(textValue));
    perItem.push(parseMs / count);
    if (count === 1_000) {
      rows.push({ name: "contract: parse(1,000 products) ms", value: round(parseMs, 3) });
      rows.push({ name: "contract: JSON.parse(same text) ms", value: round(jsonMs, 3) });
      rows.push({
        name: "contract: parse / JSON.parse, 1,000 products",
        value: round(parseMs / jsonMs),
        goal: "≤ 2×",
      });
    }
    rows.push({
      name: `contract: parse µs per product at ${count.toLocaleString("en")}`,
      value: round((parseMs * 1000) / count, 3),
    });
  }
  rows.push({
    name: "contract: growth 100→10,000 (per-product cost ratio)",
    value: round(perItem[2]! / perItem[0]!),
    goal: "≈ 1 (linear)",
  });
  return rows;
}
