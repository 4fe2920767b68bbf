/**
 * `npm run bench -- profile`: where the first render's time goes. The same page load as the
 * render section (the built widget in Chromium, a recorded output already in
 * `window.openai.toolOutput`), recorded with the CDP `Profiler` from navigation to the first
 * results, and every sample attributed through the build's own source map: self time per part
 * (the kit's folders, React, the app) and per function, for the React and Preact widgets and
 * a React hello world, at 1× and 4× CPU. The builds are the production builds (minified); the
 * source map is captured on the side and never reaches the page.
 *
 * Samples outside the bundle keep V8's names: `(program)` is the browser's own work between
 * scripts (HTML parse, compile, style, layout), `(garbage collector)`, and `(idle)`, which the
 * shares leave out; `(page, outside the bundle)` is the bench's own observer and Playwright's
 * evaluation. `(native)` is V8 built-ins called from JS (their caller is not charged).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium, type Browser } from "playwright-core";
import type { InlineConfig, Plugin } from "vite";
import type { BenchRow } from "./measure.ts";
import { buildHelloWorld, buildWidget, partOf } from "./build.ts";
import { initScript, ORIGIN, suggestions } from "./first-render.ts";
import { chromiumLaunchOptions } from "../test/support/chromium.ts";
import { withBenchPage } from "./bench-page.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
/** Profiles per build and CPU rate; the table gives their mean. */
const RUNS = 3;
/** Functions listed per build and CPU rate, by self time. */
const TOP_FUNCTIONS = 12;
/** Sampling interval, µs: fine enough for a render of a few hundred ms. */
const SAMPLING_US = 50;

/** A built page, its bundle's code and source map, and where the code starts in the page. */
interface ProfiledBuild {
  readonly name: string;
  readonly html: string;
  readonly selector: string;
  readonly output: unknown;
  readonly map: TraceMap;
  /** Sources in the map, resolved to absolute paths (for `partOf`). */
  readonly outDir: string;
  /** 0-based line and column of the bundle's first character in the page. */
  readonly start: { line: number; column: number };
}

/** The one JS chunk's code and source map of a build, taken out before the kit's checks. */
function captureSourceMap(): { plugin: Plugin; taken: { code: string; map: string } } {
  const taken = { code: "", map: "" };
  const plugin: Plugin = {
    name: "bench:capture-source-map",
    // Before the single-file and kit plugins: the map must not be left beside the page.
    enforce: "pre",
    generateBundle(_options, bundle) {
      for (const [fileName, file] of Object.entries(bundle)) {
        if (file.type === "chunk") taken.code = file.code;
        else if (fileName.endsWith(".js.map")) {
          taken.map = String(file.source);
          delete bundle[fileName];
        }
      }
    },
  };
  return { plugin, taken };
}

function positionIn(html: string, code: string): { line: number; column: number } {
  const at = html.indexOf(code);
  if (at < 0) throw new Error("the bundle's code is not inline in the page as built");
  const before = html.slice(0, at);
  const line = before.split("\n").length - 1;
  return { line, column: at - (before.lastIndexOf("\n") + 1) };
}

async function profiledBuild(
  name: string,
  dir: string,
  kind: "production" | "preact" | "hello",
  output: unknown,
): Promise<ProfiledBuild> {
  const { plugin, taken } = captureSourceMap();
  const extra: InlineConfig = { plugins: [plugin], build: { sourcemap: "hidden" } };
  let outDir: string;
  if (kind === "hello") {
    await buildHelloWorld(dir, extra);
    outDir = join(dir, "hello-dist");
  } else {
    await buildWidget(join(dir, kind), kind, {}, extra);
    outDir = join(dir, kind, kind === "preact" ? "preact" : ".");
  }
  const html = readFileSync(join(outDir, kind === "hello" ? "index.html" : "widget.html"), "utf8");
  if (!taken.map) throw new Error(`${name}: the build produced no source map`);
  return {
    name,
    html,
    selector: kind === "hello" ? "h1" : '[data-state="results"] [data-item-id]',
    output,
    map: new TraceMap(taken.map),
    outDir,
    start: positionIn(html, taken.code),
  };
}

/** The CDP profile's shape, as far as this module reads it. */
interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

/** One page load under the profiler, stopped as soon as the selector matches. */
async function profileLoad(
  browser: Browser,
  build: ProfiledBuild,
  throttle: number,
): Promise<CpuProfile> {
  const body = (url: string) =>
    url.endsWith("/blank") ? "<!doctype html><title>-</title>" : build.html;
  return withBenchPage(browser, { throttle, origin: ORIGIN, body }, async (page, cdp) => {
    // A same-origin page first, so the profiled navigation stays in this renderer process.
    await page.goto(`${ORIGIN}/blank`);
    await page.addInitScript({ content: initScript(build.selector, build.output) });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
    await cdp.send("Profiler.start");
    await page.goto(`${ORIGIN}/widget.html`);
    await page.evaluate(() => (window as unknown as { __rendered: Promise<number> }).__rendered);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
    return profile;
  });
}

/** Where a sample's function lives: its part and a label (source:line name). */
function locate(
  build: ProfiledBuild,
  frame: CpuProfile["nodes"][number]["callFrame"],
): { part: string; label: string } {
  if (!frame.url.startsWith(ORIGIN)) {
    const name = frame.functionName || "(native)";
    return { part: name.startsWith("(") ? name : "(native)", label: name };
  }
  const line = frame.lineNumber - build.start.line;
  const column = line === 0 ? frame.columnNumber - build.start.column : frame.columnNumber;
  const original =
    line >= 0 && column >= 0 ? originalPositionFor(build.map, { line: line + 1, column }) : null;
  if (!original?.source)
    return { part: "(page, outside the bundle)", label: frame.functionName || "(anonymous)" };
  const source = resolve(build.outDir, original.source);
  const part = partOf(source);
  const file = source.replace(repo, "").replace(/^.*node_modules\//, "");
  const name = original.name ?? (frame.functionName || "(anonymous)");
  return { part, label: `${file}:${original.line} ${name}` };
}

/** Self time (ms) per part and per function of one profile. */
function attribute(
  build: ProfiledBuild,
  profile: CpuProfile,
): { parts: Map<string, number>; functions: Map<string, number> } {
  const byNode = new Map(profile.nodes.map((node) => [node.id, locate(build, node.callFrame)]));
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample lasts until the next one is taken.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const where = byNode.get(samples[i]!);
    if (!where || where.part === "(root)") continue;
    parts.set(where.part, (parts.get(where.part) ?? 0) + ms);
    functions.set(where.label, (functions.get(where.label) ?? 0) + ms);
  }
  return { parts, functions };
}

function addInto(total: Map<string, number>, add: Map<string, number>): void {
  for (const [key, ms] of add) total.set(key, (total.get(key) ?? 0) + ms);
}

/** Rows for one build at one CPU rate: busy time, each part's share, the top functions. */
function rowsFor(
  label: string,
  parts: Map<string, number>,
  functions: Map<string, number>,
): BenchRow[] {
  const mean = (ms: number) => ms / RUNS;
  const busy = [...parts]
    .filter(([part]) => part !== "(idle)")
    .reduce((sum, [, ms]) => sum + ms, 0);
  const rows: BenchRow[] = [
    { name: `profile: ${label}: busy (all but idle), ms`, value: mean(busy).toFixed(1) },
  ];
  for (const [part, ms] of [...parts].sort((a, b) => b[1] - a[1])) {
    if (part === "(idle)" || mean(ms) < 0.5) continue;
    rows.push({
      name: `profile: ${label}: part ${part}, self ms`,
      value: `${mean(ms).toFixed(1)} (${((ms / busy) * 100).toFixed(0)}%)`,
    });
  }
  const top = [...functions]
    .filter(([name]) => name !== "(idle)" && name !== "(program)" && name !== "(garbage collector)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_FUNCTIONS);
  for (const [name, ms] of top)
    rows.push({ name: `profile: ${label}: fn ${name}`, value: mean(ms).toFixed(1) });
  return rows;
}

/** CPU profiles of first render, attributed to parts and functions. */
export async function benchProfile(): Promise<BenchRow[]> {
  mkdirSync(join(repo, ".tmp"), { recursive: true });
  const dir = mkdtempSync(join(repo, ".tmp", "bench-profile-"));
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const output = suggestions(10);
    const builds = [
      await profiledBuild("React hello world", dir, "hello", null),
      await profiledBuild("React, 10 items", dir, "production", output),
      await profiledBuild("Preact, 10 items", dir, "preact", output),
    ];
    const rows: BenchRow[] = [];
    for (const throttle of [1, 4])
      for (const build of builds) {
        const parts = new Map<string, number>();
        const functions = new Map<string, number>();
        for (let run = 0; run < RUNS; run++) {
          const one = attribute(build, await profileLoad(browser, build, throttle));
          addInto(parts, one.parts);
          addInto(functions, one.functions);
        }
        rows.push(...rowsFor(`${build.name}, ${throttle}× CPU`, parts, functions));
      }
    return rows;
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx bench/profile.ts` runs this section alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const row of await benchProfile())
    console.log(`${row.name.padEnd(90)} ${String(row.value).padStart(12)}`);
}
