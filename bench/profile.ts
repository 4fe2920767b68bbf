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
import { LEAST_UPPER_BOUND, originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium, type Browser } from "playwright-core";
import type { InlineConfig, Plugin } from "vite";
import type { BenchRow } from "./measure.ts";
import { buildHelloWorld, buildWidget, partOf } from "./build.ts";
import { initScript, ORIGIN, suggestions } from "./first-render.ts";
import { chromiumLaunchOptions } from "../test/support/chromium.ts";
import { withBenchPage } from "./bench-page.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
/** Profiles per build and CPU rate; the table gives their mean. */
const RUNS = 5;
/** Functions listed per build and CPU rate, by self time: overall, and the kit's own. */
const TOP_FUNCTIONS = 12;
const TOP_KIT_FUNCTIONS = 15;

/** The kit's runtime dependencies: their time is the kit's choice, so it counts as the kit's. */
const KIT_DEPENDENCIES = new Set(["valibot", "clsx"]);
const FRAMEWORK = new Set(["react", "react-dom", "scheduler", "preact"]);

/** The four groups of the issue-36 table: the kit, the framework, the app, the rest. */
function groupOf(part: string): "kit" | "framework" | "app" | "other" {
  if (part.startsWith("src/") || KIT_DEPENDENCIES.has(part)) return "kit";
  if (FRAMEWORK.has(part)) return "framework";
  if (part.startsWith("examples/") || part.startsWith("templates/")) return "app";
  return "other";
}
/**
 * `PROFILE_UNMINIFIED=1`: the widget builds are not minified, and the self time of the bundle's
 * top-level code (module initialisation, one frame for the whole script) is split by source
 * line, so what runs at module init shows by name. Slower than production: compare its rows
 * only with each other.
 */
const UNMINIFIED = process.env.PROFILE_UNMINIFIED === "1";
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
  // The inliner may rewrite inside the code (an unminified build's `</script` escapes), never
  // its start.
  const at = html.indexOf(code.slice(0, 2_000));
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
  const extra: InlineConfig = {
    plugins: [plugin],
    build: { sourcemap: "hidden", ...(UNMINIFIED ? { minify: false } : {}) },
  };
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
    /** Samples per line of the function (1-based page lines). */
    positionTicks?: Array<{ line: number; ticks: number }>;
  }>;
  samples?: number[];
  timeDeltas?: number[];
}

/**
 * One page load under the profiler, cut where the render section stops its clock: the page
 * itself starts a console profile as its document is created and ends it in the same
 * observer callback that sees the first results, so the work after first render (passive
 * effects, the height report, the bench's own evaluation) is not counted.
 */
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
    await page.addInitScript({ content: `console.profile("first-render");` });
    await page.addInitScript({
      content: initScript(build.selector, build.output, `console.profileEnd("first-render");`),
    });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: SAMPLING_US });
    const finished = new Promise<CpuProfile>((resolve) =>
      cdp.once("Profiler.consoleProfileFinished", (event: { profile: CpuProfile }) =>
        resolve(event.profile),
      ),
    );
    await page.goto(`${ORIGIN}/widget.html`);
    await page.evaluate(() => (window as unknown as { __rendered: Promise<number> }).__rendered);
    return finished;
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
): {
  parts: Map<string, number>;
  functions: Map<string, number>;
  kit: Map<string, number>;
  topLevel: Map<string, number>;
} {
  const byNode = new Map(profile.nodes.map((node) => [node.id, locate(build, node.callFrame)]));
  const selfByNode = new Map<number, number>();
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  const kit = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample lasts until the next one is taken.
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const where = byNode.get(samples[i]!);
    if (!where || where.part === "(root)") continue;
    parts.set(where.part, (parts.get(where.part) ?? 0) + ms);
    functions.set(where.label, (functions.get(where.label) ?? 0) + ms);
    if (groupOf(where.part) === "kit") kit.set(where.label, (kit.get(where.label) ?? 0) + ms);
    selfByNode.set(samples[i]!, (selfByNode.get(samples[i]!) ?? 0) + ms);
  }
  // The script's top level is one frame; its line ticks say which module's init code ran.
  const topLevel = new Map<string, number>();
  for (const node of profile.nodes) {
    const self = selfByNode.get(node.id) ?? 0;
    const ticks = node.positionTicks ?? [];
    const total = ticks.reduce((sum, tick) => sum + tick.ticks, 0);
    if (byNode.get(node.id)?.part !== "(page, outside the bundle)" || total === 0) continue;
    for (const tick of ticks) {
      const line = tick.line - 1 - build.start.line;
      const original =
        line >= 0
          ? originalPositionFor(build.map, { line: line + 1, column: 0, bias: LEAST_UPPER_BOUND })
          : null;
      const label = original?.source
        ? `${resolve(build.outDir, original.source)
            .replace(repo, "")
            .replace(/^.*node_modules\//, "")}:${original.line}`
        : `(page line ${tick.line})`;
      topLevel.set(label, (topLevel.get(label) ?? 0) + (self * tick.ticks) / total);
    }
  }
  return { parts, functions, kit, topLevel };
}

function addInto(total: Map<string, number>, add: Map<string, number>): void {
  for (const [key, ms] of add) total.set(key, (total.get(key) ?? 0) + ms);
}

/** Rows for one build at one CPU rate: busy time, each part's share, the top functions. */
function rowsFor(
  label: string,
  parts: Map<string, number>,
  functions: Map<string, number>,
  kit: Map<string, number>,
  topLevel: Map<string, number>,
): BenchRow[] {
  const mean = (ms: number) => ms / RUNS;
  const busy = [...parts]
    .filter(([part]) => part !== "(idle)")
    .reduce((sum, [, ms]) => sum + ms, 0);
  const rows: BenchRow[] = [
    { name: `profile: ${label}: busy (all but idle), ms`, value: mean(busy).toFixed(1) },
  ];
  const groups = new Map<string, number>();
  for (const [part, ms] of parts)
    if (part !== "(idle)") groups.set(groupOf(part), (groups.get(groupOf(part)) ?? 0) + ms);
  for (const group of ["kit", "framework", "app", "other"]) {
    const ms = groups.get(group) ?? 0;
    rows.push({
      name: `profile: ${label}: group ${group}, self ms`,
      value: `${mean(ms).toFixed(1)} (${((ms / busy) * 100).toFixed(0)}%)`,
    });
  }
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
  const topKit = [...kit].sort((a, b) => b[1] - a[1]).slice(0, TOP_KIT_FUNCTIONS);
  for (const [name, ms] of topKit)
    rows.push({ name: `profile: ${label}: kit fn ${name}`, value: mean(ms).toFixed(2) });
  if (UNMINIFIED)
    for (const [line, ms] of [...topLevel].sort((a, b) => b[1] - a[1]).slice(0, TOP_FUNCTIONS))
      rows.push({ name: `profile: ${label}: top level ${line}`, value: mean(ms).toFixed(2) });
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
        const kit = new Map<string, number>();
        const topLevel = new Map<string, number>();
        for (let run = 0; run < RUNS; run++) {
          const one = attribute(build, await profileLoad(browser, build, throttle));
          addInto(parts, one.parts);
          addInto(functions, one.functions);
          addInto(kit, one.kit);
          addInto(topLevel, one.topLevel);
        }
        rows.push(...rowsFor(`${build.name}, ${throttle}× CPU`, parts, functions, kit, topLevel));
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
