/**
 * Bridge bench: (1) re-renders — a component reading `theme` while 1,000 updates of other
 * globals arrive through the real openai event path (mock `window.openai` → set_globals →
 * adapter → hooks) must not render again; renders are counted, so the result is exact;
 * (2) bytes — esbuild --bundle --minify (react external), gzip -9, of the bridge, the MCP
 * Apps adapter, the hooks, and the official ext-apps `App` for comparison.
 */
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { JSDOM } from "jsdom";
import type { BenchRow as Row } from "./measure.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const UPDATES = 1_000;

/** Minified, bundled (react external), gzip -9 bytes of `source` resolved from the repo root. */
async function gzipBytes(source: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    external: ["react", "react-dom", "react/jsx-runtime"],
    logLevel: "silent",
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

/** Installs a jsdom window as the global DOM for React, and restores what was there. */
function installDom(): { win: Window; restore(): void } {
  const dom = new JSDOM("<!doctype html><html><body><div id=root></div></body></html>", {
    pretendToBeVisual: true,
  });
  const win = dom.window as unknown as Window;
  const g = globalThis as Record<string, unknown>;
  const keys = [
    "window",
    "document",
    "navigator",
    "HTMLElement",
    "Node",
    "CustomEvent",
    "Event",
    "IS_REACT_ACT_ENVIRONMENT",
  ];
  const saved = keys.map((key) => [key, Object.getOwnPropertyDescriptor(g, key)] as const);
  const set = (key: string, value: unknown) =>
    Object.defineProperty(g, key, { value, configurable: true, writable: true });
  set("window", win);
  set("document", win.document);
  set("navigator", win.navigator);
  set("HTMLElement", dom.window.HTMLElement);
  set("Node", dom.window.Node);
  set("CustomEvent", dom.window.CustomEvent);
  set("Event", dom.window.Event);
  set("IS_REACT_ACT_ENVIRONMENT", true);
  return {
    win,
    restore() {
      for (const [key, descriptor] of saved) {
        if (descriptor) Object.defineProperty(g, key, descriptor);
        else delete g[key];
      }
      dom.window.close();
    },
  };
}

async function benchRenders(): Promise<Row[]> {
  const { win, restore } = installDom();
  try {
    // Imported after the DOM exists: react-dom decides at load whether it can use one.
    const React = await import("react");
    const { createRoot } = await import("react-dom/client");
    const { createMockHost } = await import("../src/testing/mock-host.ts");
    const { createOpenAIHost } = await import("../src/bridge/openai.ts");
    const { HostProvider, useTheme, useHostGlobal } = await import("../src/hooks/index.ts");

    const mock = createMockHost({ globals: { theme: "dark" } });
    const uninstall = mock.installAsOpenAI(win);
    const host = createOpenAIHost(win)!;
    const renders = { theme: 0, maxHeight: 0 };
    function ThemeReader() {
      renders.theme++;
      return React.createElement("span", null, useTheme());
    }
    function MaxHeightReader() {
      renders.maxHeight++;
      return React.createElement("span", null, String(useHostGlobal("maxHeight")));
    }
    const root = createRoot(win.document.getElementById("root")!);
    React.act(() =>
      root.render(
        React.createElement(
          HostProvider,
          { host },
          React.createElement(ThemeReader),
          React.createElement(MaxHeightReader),
        ),
      ),
    );
    const before = { ...renders };
    const t0 = performance.now();
    for (let i = 0; i < UPDATES; i++) {
      // Each update is its own act, so React cannot batch away a render it would have done.
      React.act(() =>
        mock.setGlobals({
          maxHeight: 300 + i,
          locale: i % 2 ? "de-DE" : "fr-FR",
          toolOutput: { n: i },
        }),
      );
    }
    const ms = performance.now() - t0;
    const extraTheme = renders.theme - before.theme;
    const maxHeightRenders = renders.maxHeight - before.maxHeight;
    React.act(() => mock.setGlobals({ theme: "light" }));
    const themeChange = renders.theme - before.theme - extraTheme;
    React.act(() => root.unmount());
    host.dispose();
    uninstall();
    return [
      {
        name: `bridge: extra renders of a theme reader, ${UPDATES.toLocaleString("en")} other-global updates`,
        value: extraTheme,
        goal: "0",
      },
      {
        name: "bridge: renders of a maxHeight reader, same updates",
        value: maxHeightRenders,
        goal: String(UPDATES),
      },
      {
        name: "bridge: renders of the theme reader on one theme change",
        value: themeChange,
        goal: "1",
      },
      {
        name: "bridge: ms per update (event → adapter → React commit)",
        value: Math.round((ms / UPDATES) * 1000) / 1000,
      },
    ];
  } finally {
    restore();
  }
}

async function benchBytes(): Promise<Row[]> {
  const [bridge, mcpApps, openai, hooks, official] = await Promise.all([
    gzipBytes(`export * from "./src/bridge/index.ts";`),
    gzipBytes(`export { createMcpAppsHost } from "./src/bridge/mcp-apps.ts";`),
    gzipBytes(`export { createOpenAIHost } from "./src/bridge/openai.ts";`),
    gzipBytes(`export * from "./src/hooks/index.ts";`),
    gzipBytes(`export { App, PostMessageTransport } from "@modelcontextprotocol/ext-apps";`),
  ]);
  return [
    { name: "bridge: gzip bytes, whole bridge (all adapters + detection)", value: bridge },
    { name: "bridge: gzip bytes, MCP Apps adapter alone", value: mcpApps },
    { name: "bridge: gzip bytes, openai adapter alone", value: openai },
    { name: "bridge: gzip bytes, hooks + the bridge they pull in", value: hooks },
    { name: "bridge: gzip bytes, hooks alone (above minus whole bridge)", value: hooks - bridge },
    { name: "bridge: gzip bytes, official ext-apps App + deps", value: official },
    {
      name: "bridge: MCP Apps adapter / official App",
      value: `${((mcpApps / official) * 100).toFixed(1)}%`,
    },
  ];
}

/** Rows for `npm run bench`. */
export async function benchBridge(): Promise<Row[]> {
  return [...(await benchRenders()), ...(await benchBytes())];
}

// `tsx bench/bridge.ts` prints the rows on its own.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const row of await benchBridge())
    console.log(`${row.name}  ${row.value}  ${row.goal ?? ""}`);
}
