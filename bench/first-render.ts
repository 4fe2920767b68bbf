/**
 * First render in a browser: what a person feels. The built widget (React and Preact) loads
 * in Chromium with a recorded tool output already present (`window.openai.toolOutput`, as
 * ChatGPT gives it before the widget's scripts run); the time is from navigation start to a
 * `data-state="results"` root holding its items, for 10 / 100 / 1,000 gifts, unthrottled and
 * with 4× CPU throttling (CDP `Emulation.setCPUThrottlingRate`), beside a React hello world
 * built the same way and timed to its `<h1>`; for 10 items, the median of paired ratios (a hello
 * world load right before each widget load), the figure issue 36's goal is set in. Also: the time from a changed tool output
 * (`openai:set_globals`) to the new first item on screen. Median and range of several runs.
 * Then the anchors (`anchors.ts`): the same builds and the official MCP Apps examples behind
 * the ext-apps `AppBridge` host.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { median, medianRange, type BenchRow } from "./measure.ts";
import { benchAnchors, officialTargets } from "./anchors.ts";
import { buildHelloWorld, buildWidget } from "./build.ts";
import { chromiumLaunchOptions } from "../test/support/chromium.ts";
import { withBenchPage } from "./bench-page.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
const RUNS = 5;
/** The made-up origin the bench pages are served from (routed by Playwright, never fetched). */
export const ORIGIN = "http://bench.invalid";

/** The recorded suggestions, grown to `count` gifts with distinct ids (prefix `p`). */
export function suggestions(count: number, prefix = "gift"): unknown {
  const recorded = JSON.parse(
    readFileSync(join(repo, "test/fixtures/results--suggest-gifts.json"), "utf8"),
  ) as { structuredContent: { gifts: object[] } };
  const gifts = recorded.structuredContent.gifts;
  return {
    ...recorded.structuredContent,
    gifts: Array.from({ length: count }, (_, i) => ({
      ...gifts[i % gifts.length],
      id: `${prefix}-${i}`,
    })),
  };
}

/**
 * Runs before the page's scripts: a minimal `window.openai` holding the output, and an
 * observer that stamps `performance.now()` (ms since navigation start) when `selector` first
 * matches — no polling, so the measurement does not slow the page. `onRendered` is code run
 * right there (the profile bench ends its profile with it).
 */
export function initScript(selector: string, output: unknown, onRendered = ""): string {
  return `
    window.openai = { theme: "light", locale: "en", displayMode: "inline", maxHeight: 600,
      toolInput: {}, toolOutput: ${JSON.stringify(output)}, widgetState: null };
    window.__rendered = new Promise((resolve) => {
      const check = () => { if (document.querySelector(${JSON.stringify(selector)})) { observer.disconnect(); resolve(performance.now()); ${onRendered} } };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    });`;
}

interface Sample {
  readonly first: number;
  readonly change?: number;
}

async function load(
  browser: Browser,
  html: string,
  selector: string,
  output: unknown,
  throttle: number,
  changed?: unknown,
): Promise<Sample> {
  return withBenchPage(browser, { throttle, origin: ORIGIN, body: () => html }, async (page) => {
    await page.addInitScript({ content: initScript(selector, output) });
    await page.goto(`${ORIGIN}/widget.html`);
    const first = await page.evaluate(
      () => (window as unknown as { __rendered: Promise<number> }).__rendered,
    );
    if (changed === undefined) return { first };
    const change = await page.evaluate((next) => {
      const w = window as unknown as { openai: Record<string, unknown> };
      return new Promise<number>((resolve) => {
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('[data-item-id="next-0"]')) {
            observer.disconnect();
            resolve(performance.now() - started);
          }
        });
        observer.observe(document, { childList: true, subtree: true, attributes: true });
        w.openai.toolOutput = next;
        window.dispatchEvent(
          new CustomEvent("openai:set_globals", { detail: { globals: { toolOutput: next } } }),
        );
      });
    }, changed);
    return { first, change };
  });
}

/** Times to first results (and to a changed output) in Chromium, per build, size and CPU. */
export async function benchFirstRender(): Promise<BenchRow[]> {
  mkdirSync(join(repo, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(repo, ".tmp", "bench-render-"));
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await buildWidget(join(dir, "widget"), "production");
    await buildWidget(join(dir, "widget"), "preact");
    await buildHelloWorld(dir);
    const builds = [
      { name: "React", html: readFileSync(join(dir, "widget", "widget.html"), "utf8") },
      { name: "Preact", html: readFileSync(join(dir, "widget", "preact", "widget.html"), "utf8") },
    ];
    const hello = readFileSync(join(dir, "hello-dist", "index.html"), "utf8");
    const items = '[data-state="results"] [data-item-id]';
    const rows: BenchRow[] = [];
    for (const throttle of [1, 4]) {
      const cpu = `${throttle}× CPU`;
      const helloRuns: number[] = [];
      for (let run = 0; run < RUNS; run++)
        helloRuns.push((await load(browser, hello, "h1", null, throttle)).first);
      rows.push({
        name: `first render: React hello world, ${cpu}, ms`,
        value: medianRange(helloRuns),
      });
      for (const build of builds)
        for (const count of [10, 100, 1000]) {
          const firsts: number[] = [];
          const changes: number[] = [];
          const ratios: number[] = [];
          for (let run = 0; run < RUNS; run++) {
            // 10 items: a hello world load right before each sample, so the goal's ratio
            // compares loads made under the same load of a shared machine.
            const paired =
              count === 10 ? (await load(browser, hello, "h1", null, throttle)).first : 0;
            const sample = await load(
              browser,
              build.html,
              items,
              suggestions(count),
              throttle,
              count === 100 ? suggestions(100, "next") : undefined,
            );
            firsts.push(sample.first);
            if (paired > 0) ratios.push(sample.first / paired);
            if (sample.change !== undefined) changes.push(sample.change);
          }
          rows.push({
            name: `first render: ${build.name}, ${count} items, ${cpu}, ms`,
            value: medianRange(firsts),
          });
          if (ratios.length > 0)
            rows.push({
              name: `first render: ${build.name}, 10 items / hello world, paired, ${cpu}`,
              value: `${median(ratios).toFixed(3)}×`,
              goal: build.name === "React" ? (throttle === 1 ? "≤ 1.15×" : "≤ 1.25×") : undefined,
            });
          if (changes.length > 0)
            rows.push({
              name: `changed output → new items: ${build.name}, 100 items, ${cpu}, ms`,
              value: medianRange(changes),
            });
        }
    }
    // The same builds and the official MCP Apps examples behind one AppBridge host.
    const shown = `document.querySelector('[data-state="results"] [data-item-id]') !== null`;
    const result = { structuredContent: suggestions(10), content: [] };
    rows.push(
      ...(await benchAnchors([
        ...builds.map((b) => ({
          name: `kit ${b.name} widget, 10 items`,
          html: b.html,
          result,
          shown,
        })),
        ...officialTargets(),
      ])),
    );
    return rows;
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx bench/first-render.ts` runs this section alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const row of await benchFirstRender())
    console.log(`${row.name.padEnd(60)} ${String(row.value).padStart(16)}`);
}
