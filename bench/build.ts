/**
 * Build bench: what the widget costs to ship, against React 19 itself. Every number is
 * measured in this run: the GiftGenius widget (React and Preact builds) and a React hello
 * world built to one file with the same toolchain (Vite, plugin-react, vite-plugin-singlefile).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type InlineConfig, type Rollup } from "vite";
import { transform } from "esbuild";
import react from "@vitejs/plugin-react";
import { viteSingleFile } from "vite-plugin-singlefile";
import type { BenchRow } from "./measure.ts";
import { kitAliases } from "../scripts/kit-aliases.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));

function gzipBytes(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/**
 * Builds GiftGenius' widget (its vite.config.ts), or the widget of `extra.configFile`, into
 * `outDir`, with extra environment (the declared locales and hosts), the kit resolved to its
 * sources (what this tree would publish, without a stale lib/); returns the build time in ms.
 */
export async function buildWidget(
  outDir: string,
  mode: "production" | "preact",
  env: Record<string, string> = {},
  extra: InlineConfig = {},
): Promise<number> {
  const settings = { WIDGET_OUT_DIR: outDir, ...env };
  const previous = Object.fromEntries(Object.keys(settings).map((k) => [k, process.env[k]]));
  Object.assign(process.env, settings);
  try {
    const started = performance.now();
    await build({
      ...extra,
      configFile: extra.configFile ?? join(repo, "examples/giftgenius/vite.config.ts"),
      resolve: { ...extra.resolve, alias: kitAliases() },
      mode,
      logLevel: "error",
    });
    return performance.now() - started;
  } finally {
    for (const [key, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** One locale and one host, as `widgetKit({ locales: ["en"], hosts: ["openai"] })` builds it. */
const DECLARED = { WIDGET_LOCALES: "en", WIDGET_HOSTS: "openai" };

/**
 * A React 19 hello world, one file, same toolchain; returns its gzip bytes. `extra` adds
 * plugins and build settings (the profile bench captures a source map with them).
 */
export async function buildHelloWorld(dir: string, extra: InlineConfig = {}): Promise<number> {
  const root = join(dir, "hello");
  mkdirSync(root, { recursive: true });
  writeFileSync(
    join(root, "index.html"),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>`,
  );
  writeFileSync(
    join(root, "main.jsx"),
    `import { createRoot } from "react-dom/client";\ncreateRoot(document.getElementById("root")).render(<h1>Hello, world</h1>);\n`,
  );
  await buildOneFilePage(root, join(dir, "hello-dist"), extra);
  return gzipBytes(join(dir, "hello-dist", "index.html"));
}

/**
 * Builds `root/index.html` (and what it imports) to one file in `outDir`, with the toolchain the
 * widget is built with: Vite, plugin-react, vite-plugin-singlefile. The bench's reference pages
 * (the hello world, the same markup in plain React) are built by it; `extra` adds plugins and
 * build settings.
 */
export async function buildOneFilePage(
  root: string,
  outDir: string,
  extra: InlineConfig = {},
): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: "error",
    plugins: [react(), viteSingleFile({ removeViteModuleLoader: true }), ...(extra.plugins ?? [])],
    build: { ...extra.build, outDir, modulePreload: { polyfill: false }, target: "es2022" },
  });
}

/** `react-dom`, `@scope/pkg`, or the first two path segments of a repo file (`src/i18n`). */
export function partOf(id: string): string {
  const inModules = id.split("node_modules/").pop() ?? id;
  if (inModules !== id)
    return inModules
      .split("/")
      .slice(0, inModules.startsWith("@") ? 2 : 1)
      .join("/");
  return id.replace(repo, "").split("/").slice(0, 2).join("/");
}

/**
 * Where the widget's bytes go: the app built without inlining, each part's code minified and
 * gzipped on its own (so the parts add up to a little more than the whole file).
 */
async function breakdown(): Promise<BenchRow[]> {
  const output = (await build({
    configFile: false,
    root: join(repo, process.env.WIDGET_ROOT || "examples/giftgenius/widget"),
    resolve: { alias: kitAliases() },
    logLevel: "error",
    plugins: [react()],
    build: { write: false, modulePreload: { polyfill: false }, minify: false, target: "es2022" },
  })) as Rollup.RollupOutput;
  const parts = new Map<string, string>();
  for (const file of output.output) {
    if (file.type === "asset" && file.fileName.endsWith(".css"))
      parts.set("(css)", (parts.get("(css)") ?? "") + String(file.source));
    if (file.type !== "chunk") continue;
    for (const [id, module] of Object.entries(file.modules))
      parts.set(partOf(id), (parts.get(partOf(id)) ?? "") + (module.code ?? ""));
  }
  const rows: Array<[string, number]> = [];
  for (const [part, code] of parts) {
    const minified = await transform(code, {
      minify: true,
      loader: part === "(css)" ? "css" : "js",
      charset: "utf8",
    });
    rows.push([part, gzipSync(minified.code, { level: 9 }).length]);
  }
  return rows
    .filter(([, bytes]) => bytes >= 200)
    .sort((a, b) => b[1] - a[1])
    .map(([part, bytes]) => ({ name: `build: part ${part} (gzip alone)`, value: bytes }));
}

/** Gzip sizes of the widget builds against React itself, and the widget's build time. */
export async function benchBuild(): Promise<BenchRow[]> {
  mkdirSync(join(repo, ".tmp"), { recursive: true });
  // Inside the repo so the hello world resolves react from the shared node_modules.
  const dir = mkdtempSync(join(repo, ".tmp", "bench-build-"));
  try {
    const buildMs = await buildWidget(join(dir, "widget"), "production");
    await buildWidget(join(dir, "widget"), "preact");
    await buildWidget(join(dir, "declared"), "production", DECLARED);
    await buildWidget(join(dir, "declared"), "preact", DECLARED);
    const widget = gzipBytes(join(dir, "widget", "widget.html"));
    const preact = gzipBytes(join(dir, "widget", "preact", "widget.html"));
    const declared = gzipBytes(join(dir, "declared", "widget.html"));
    const declaredPreact = gzipBytes(join(dir, "declared", "preact", "widget.html"));
    const hello = await buildHelloWorld(dir);
    const ratio = (bytes: number) => `${(bytes / hello).toFixed(3)}×`;
    return [
      { name: "build: widget.html gzip bytes (React)", value: widget },
      { name: "build: React 19 hello world gzip bytes", value: hello },
      {
        name: "build: widget / hello world (4 locales, 2 hosts)",
        value: ratio(widget),
        goal: "≤ 1.25×",
      },
      { name: "build: widget / hello world (en, openai)", value: ratio(declared), goal: "≤ 1.15×" },
      { name: "build: widget.html gzip bytes (Preact)", value: preact, goal: "≤ 22000" },
      { name: "build: widget.html gzip bytes (Preact, en, openai)", value: declaredPreact },
      { name: "build: widget build time (React), ms", value: Math.round(buildMs) },
      ...(await breakdown()),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `tsx bench/build.ts` runs this section alone.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const row of await benchBuild())
    console.log(`${row.name.padEnd(52)} ${String(row.value).padStart(10)}  ${row.goal ?? ""}`);
}
