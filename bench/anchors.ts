/**
 * The render section's outside anchors: the official MCP Apps examples `basic-server-react`
 * and `basic-server-preact`, their real UI (`dist/mcp-app.html` from the published npm
 * packages, pinned), timed behind the official ext-apps `AppBridge` as host — and the kit's
 * own widget builds behind the same host, so the rows compare like with like.
 *
 * Each page: the host page's bridge listens first, then the UI loads in a sandboxed iframe;
 * on `ui/notifications/initialized` the host sends the tool input and result, as a host does.
 * The time is the iframe's own `performance.now()` (from its navigation start) when the
 * delivered result is on screen. Sandboxed frames stay in the page's renderer
 * (`--disable-features=IsolateSandboxedIframes`) so the CPU throttle covers them too.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import { medianRange, type BenchRow } from "./measure.ts";
import { chromiumLaunchOptions } from "../test/support/chromium.ts";
import { withBenchPage } from "./bench-page.ts";

const repo = fileURLToPath(new URL("..", import.meta.url));
const ORIGIN = "http://anchors.invalid";
const RUNS = 5;
/** The published examples, pinned: a new version is a deliberate bench change. */
const OFFICIAL = [
  { name: "official basic-server-react", pkg: "@modelcontextprotocol/server-basic-react" },
  { name: "official basic-server-preact", pkg: "@modelcontextprotocol/server-basic-preact" },
] as const;
const OFFICIAL_VERSION = "2.0.3";
/** What the examples' get-time tool returns; they show it in a `<code>` once delivered. */
const TIME = "2026-12-01T20:00:00.000Z";

/** One UI to time: its page, the result the host delivers, and how to see it on screen. */
export interface AnchorTarget {
  readonly name: string;
  readonly html: string;
  readonly result: unknown;
  /** A JS expression, true once the result is on screen. */
  readonly shown: string;
}

/** An example's `dist/mcp-app.html`, from its npm tarball (cached under `.tmp/anchors`). */
function officialHtml(pkg: string): string {
  const dir = join(repo, ".tmp", "anchors", `${pkg.replace("/", "+")}@${OFFICIAL_VERSION}`);
  const file = join(dir, "package", "dist", "mcp-app.html");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync(
      "npm",
      ["pack", `${pkg}@${OFFICIAL_VERSION}`, "--pack-destination", dir, "--silent"],
      { encoding: "utf8" },
    ).trim();
    execFileSync("tar", ["-xzf", join(dir, tarball), "-C", dir, "package/dist/mcp-app.html"]);
  }
  return readFileSync(file, "utf8");
}

/** The two official examples as targets. */
export function officialTargets(): AnchorTarget[] {
  return OFFICIAL.map(({ name, pkg }) => ({
    name,
    html: officialHtml(pkg),
    result: { content: [{ type: "text", text: TIME }], structuredContent: { time: TIME } },
    shown: `[...document.querySelectorAll("code")].some((c) => c.textContent === ${JSON.stringify(TIME)})`,
  }));
}

const HOST_SOURCE = `
  import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
  const w = window as unknown as Record<string, unknown>;
  w.startHost = async (frame: HTMLIFrameElement, result: Parameters<AppBridge["sendToolResult"]>[0]) => {
    const bridge = new AppBridge(null, { name: "bench-host", version: "1" }, { serverTools: {}, openLinks: {} }, {
      hostContext: { theme: "light", locale: "en-US", displayMode: "inline", containerDimensions: { maxHeight: 600 } },
    });
    bridge.oninitialized = () => {
      void bridge.sendToolInput({ arguments: {} });
      void bridge.sendToolResult(result);
    };
    await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  };
`;

async function hostScript(): Promise<string> {
  const out = await build({
    stdin: { contents: HOST_SOURCE, resolveDir: repo, loader: "ts" },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

/** Runs in every frame; in the UI's frame it stamps the time its result first shows. */
function frameInitScript(shown: string): string {
  return `if (window.top !== window) {
    window.__rendered = new Promise((resolve) => {
      const check = () => { if (${shown}) { observer.disconnect(); resolve(performance.now()); } };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
    });
  }`;
}

async function loadBehindHost(
  browser: Browser,
  host: string,
  target: AnchorTarget,
  throttle: number,
): Promise<number> {
  const body = (url: string) =>
    url.endsWith("/ui.html")
      ? target.html
      : `<!doctype html><html><body><script>${host}</script></body></html>`;
  return withBenchPage(browser, { throttle, origin: ORIGIN, body }, async (page) => {
    await page.addInitScript({ content: frameInitScript(target.shown) });
    await page.goto(`${ORIGIN}/host.html`);
    // The host listens before the UI's first message, as a real host does.
    await page.evaluate(
      async ({ result, src }) => {
        const frame = document.createElement("iframe");
        frame.setAttribute("sandbox", "allow-scripts");
        frame.style.cssText = "width: 720px; height: 600px; border: 0";
        document.body.append(frame);
        const w = window as unknown as {
          startHost(frame: HTMLIFrameElement, result: unknown): Promise<void>;
        };
        await w.startHost(frame, result);
        frame.src = src;
      },
      { result: target.result, src: `${ORIGIN}/ui.html` },
    );
    const frame = await page.waitForEvent("framenavigated", {
      predicate: (f) => f.url().endsWith("/ui.html"),
    });
    return await frame.evaluate(
      () => (window as unknown as { __rendered: Promise<number> }).__rendered,
    );
  });
}

/** Times each target behind the ext-apps host, at 1× and 4× CPU. */
export async function benchAnchors(targets: readonly AnchorTarget[]): Promise<BenchRow[]> {
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, "--disable-features=IsolateSandboxedIframes"],
  });
  try {
    const host = await hostScript();
    const rows: BenchRow[] = targets.map((target) => ({
      name: `behind AppBridge: ${target.name}, gzip bytes`,
      value: gzipSync(target.html, { level: 9 }).length,
    }));
    for (const throttle of [1, 4])
      for (const target of targets) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++)
          times.push(await loadBehindHost(browser, host, target, throttle));
        rows.push({
          name: `behind AppBridge: ${target.name}, ${throttle}× CPU, ms`,
          value: medianRange(times),
        });
      }
    return rows;
  } finally {
    await browser.close();
  }
}
