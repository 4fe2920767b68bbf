/**
 * Components bench: first render of 10 / 100 / 1,000 products of the kit's fixture shop
 * (test/support/shop-contract.ts) through ResultView and ItemList (the hooks, i18n, the list's
 * scroller) against a bare list rendering the same card markup with plain JSX, in the same run. Rendered with react-dom/server `renderToString` (no DOM:
 * it measures React work and the kit's own overhead, not layout). Reported as ratios, so
 * numbers from different machines compare; growth is per-item time at 1,000 over 10.
 */
import { register } from "node:module";
import { performance } from "node:perf_hooks";
import type { BenchRow as Row } from "./measure.ts";
import { productList } from "./payload.ts";

// The components import their CSS (the widget build inlines it); Node cannot load .css, so
// the bench maps every .css import to an empty module before loading them.
const cssAsEmptyModule = `data:text/javascript,${encodeURIComponent(
  'export async function load(url, context, next) { return url.endsWith(".css") ? { format: "module", source: "", shortCircuit: true } : next(url, context); }',
)}`;

/**
 * Median wall time of `a` and of `b` in ms, run alternately (a, b, a, b, ...) after a warm-up,
 * so machine load and GC pressure hit both sides alike.
 */
function pairedMedianMs(
  a: () => unknown,
  b: () => unknown,
  minRuns: number,
  minMs: number,
): [number, number] {
  for (let i = 0; i < 5; i++) {
    a();
    b();
  }
  const samplesA: number[] = [];
  const samplesB: number[] = [];
  const start = performance.now();
  while (samplesA.length < minRuns || performance.now() - start < minMs) {
    let t0 = performance.now();
    a();
    samplesA.push(performance.now() - t0);
    t0 = performance.now();
    b();
    samplesB.push(performance.now() - t0);
  }
  const median = (samples: number[]) =>
    samples.sort((x, y) => x - y)[Math.floor(samples.length / 2)]!;
  return [median(samplesA), median(samplesB)];
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs the bench and returns its rows. */
export async function benchComponents(): Promise<Row[]> {
  register(cssAsEmptyModule);
  const { createElement: h } = await import("react");
  const { renderToString } = await import("react-dom/server");
  const { ResultView, HostProvider, ItemList } = await import("../src/index.ts");
  const { createMockHost } = await import("../src/testing/index.ts");
  const { shop } = await import("../test/support/shop-contract.ts");
  type View = ReturnType<typeof shop.parse>;
  type Product = Extract<View, { state: "results" }>["items"][number];

  const host = createMockHost({ globals: { locale: "en-US", theme: "light", maxHeight: 600 } });
  const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  const noop = () => {};

  // One product's card: the kit's ItemList wraps it in the kit's list, the bare list in a plain one.
  function card(product: Product) {
    return h(
      "article",
      { className: "wk-card", "data-product-id": product.id },
      h("h2", null, product.title),
      h("p", null, money.format(product.price.amount as Intl.StringNumericLiteral)),
      product.reason ? h("p", { className: "wk-muted" }, product.reason) : null,
      h(
        "ul",
        { "aria-label": "Tags" },
        (product.tags ?? []).map((tag, t) => h("li", { key: t }, tag)),
      ),
      h(
        "button",
        {
          type: "button",
          className: "wk-button wk-button--primary",
          "data-action": "prepare",
          onClick: noop,
        },
        "Buy ",
        h("span", { className: "wk-visually-hidden" }, product.title),
      ),
    );
  }

  // The same markup with plain JSX and no kit code at all.
  function bareList(products: readonly Product[]) {
    return h(
      "ul",
      null,
      products.map((product, index) => h("li", { key: `${index}:${product.id}` }, card(product))),
    );
  }

  const rows: Row[] = [];
  const perItem: number[] = [];
  const barePerItem: number[] = [];
  for (const count of [10, 100, 1_000]) {
    const view = shop.parse(productList(count, { withUrls: false }));
    if (view.state !== "results") throw new Error(`bench payload parsed as ${view.state}`);
    const products = view.items;
    const kit = () =>
      renderToString(
        h(HostProvider, {
          host,
          children: h(ResultView<View>, {
            result: view,
            renderResults: (results) =>
              h(ItemList<Product>, {
                items: (results as { items: Product[] }).items,
                itemId: (product) => product.id,
                renderItem: card,
                label: "Products",
              }),
          }),
        }),
      );
    const bare = () => renderToString(bareList(products));
    const html = kit();
    const rendered = (html.match(/data-product-id=/g) ?? []).length;
    if (rendered !== count) throw new Error(`ResultView rendered ${rendered} of ${count} products`);
    const [minRuns, minMs] = count === 1_000 ? [15, 3_000] : [40, 800];
    const [kitMs, bareMs] = pairedMedianMs(kit, bare, minRuns, minMs);
    perItem.push(kitMs / count);
    barePerItem.push(bareMs / count);
    rows.push({
      name: `components: ResultView first render, ${count} products (ms, renderToString)`,
      value: round(kitMs, 3),
    });
    rows.push({
      name: `components: bare list, ${count} products (ms, renderToString)`,
      value: round(bareMs, 3),
    });
    rows.push({
      name: `components: ResultView / bare list, ${count} products`,
      value: round(kitMs / bareMs),
      goal: "≤ 1.5×",
    });
  }
  // renderToString itself grows a little faster than linearly (one long string): the bare
  // list's growth, measured alike, is the reference for the kit's.
  rows.push({
    name: "components: per-product time, 1,000 vs 100 products, ResultView",
    value: round(perItem[2]! / perItem[1]!),
  });
  rows.push({
    name: "components: per-product time, 1,000 vs 100 products, bare list",
    value: round(barePerItem[2]! / barePerItem[1]!),
  });
  rows.push({
    name: "components: growth of ResultView / growth of bare list",
    value: round(perItem[2]! / perItem[1]! / (barePerItem[2]! / barePerItem[1]!)),
    goal: "≈ 1 (grows like bare markup: linear in the items)",
  });
  host.dispose();
  return rows;
}

// `tsx bench/components.ts` prints the rows on their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchComponents())
    console.log(`${row.name.padEnd(72)} ${String(row.value).padStart(9)}  ${row.goal ?? ""}`);
}
