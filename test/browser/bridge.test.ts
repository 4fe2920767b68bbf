/**
 * The MCP Apps adapter in real Chromium: the widget in a sandboxed `srcdoc` iframe (opaque
 * origin, no storage — as hosts serve widgets), the official ext-apps `AppBridge` as the host
 * in the parent page, and a sibling frame that tries to speak for the host. No jsdom shims:
 * `event.source`, structured cloning and the sandbox are the browser's own.
 */
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../support/chromium.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

async function bundle(contents: string): Promise<string> {
  const out = await build({
    stdin: { contents, resolveDir: ROOT, loader: "ts" },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return out.outputFiles[0]!.text;
}

const WIDGET = `
  import { createMcpAppsHost } from "./src/bridge/mcp-apps.ts";
  const host = createMcpAppsHost({ appInfo: { name: "browser-test", version: "1" } });
  const w = window as unknown as Record<string, unknown>;
  w.widgetHost = host;
  const outputs: unknown[] = [];
  w.outputs = outputs;
  host.subscribe("toolOutput", () => outputs.push(host.get("toolOutput")));
  host.ready.then((ok) => { w.ready = ok; });
`;

const HOST = `
  import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
  const w = window as unknown as Record<string, unknown>;
  const sizes: unknown[] = [];
  w.sizes = sizes;
  window.addEventListener("message", (e) => { if (e.data === "sibling-done") w.siblingDone = true; });
  w.startHost = async (frame: HTMLIFrameElement) => {
    const bridge = new AppBridge(null, { name: "chromium-host", version: "1" }, { serverTools: {}, openLinks: {} }, {
      hostContext: { theme: "dark", locale: "vi-vn", containerDimensions: { maxHeight: 500 } },
    });
    bridge.oncalltool = async (params) => ({ structuredContent: { echoed: params.arguments }, content: [] });
    bridge.addEventListener("sizechange", (p) => sizes.push(p));
    await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
    w.bridge = bridge;
  };
`;

let browser: Browser;
let page: Page;
let widget: Frame;

beforeAll(async () => {
  const [widgetJs, hostJs] = await Promise.all([bundle(WIDGET), bundle(HOST)]);
  browser = await chromium.launch(chromiumLaunchOptions);
  page = await browser.newPage();
  await page.setContent("<!doctype html><html><body></body></html>");
  await page.addScriptTag({ content: hostJs });
  // The host must listen before the widget's first message, as a real host does.
  await page.evaluate(async (widgetSource) => {
    const frame = document.createElement("iframe");
    frame.setAttribute("sandbox", "allow-scripts");
    frame.name = "widget";
    const w = window as unknown as { startHost(f: HTMLIFrameElement): Promise<void> };
    document.body.append(frame);
    await w.startHost(frame);
    frame.srcdoc = `<!doctype html><html><body><div id="root">widget</div><script>${widgetSource.replace(/<\/script/gi, "<\\/script")}</script></body></html>`;
  }, widgetJs);
  await page.waitForFunction(() => document.querySelector("iframe")?.contentWindow !== null);
  widget = await new Promise<Frame>((resolve) => {
    const find = () =>
      page.frames().find((f) => f.name() === "widget" && f.url() === "about:srcdoc");
    const found = find();
    if (found) return resolve(found);
    page.on("framenavigated", () => {
      const f = find();
      if (f) resolve(f);
    });
  });
  await widget.waitForFunction(
    () => (window as unknown as { ready?: boolean }).ready !== undefined,
  );
});

afterAll(async () => {
  await browser?.close();
});

type WidgetWindow = Window & {
  ready: boolean;
  widgetHost: import("../../src/bridge/mcp-apps.ts").McpAppsHost;
};

describe("mcp-apps adapter in Chromium", () => {
  it("completes the handshake with the official AppBridge and maps the host context", async () => {
    expect(await widget.evaluate(() => (window as unknown as WidgetWindow).ready)).toBe(true);
    const globals = await widget.evaluate(() => {
      const host = (window as unknown as WidgetWindow).widgetHost;
      return {
        theme: host.get("theme"),
        locale: host.get("locale"),
        maxHeight: host.get("maxHeight"),
        callTool: host.capabilities.callTool,
      };
    });
    expect(globals).toEqual({ theme: "dark", locale: "vi-VN", maxHeight: 500, callTool: true });
  });

  it("calls a tool through the host and reports its size", async () => {
    const result = await widget.evaluate(() =>
      (window as unknown as WidgetWindow).widgetHost.callTool("suggest_gifts", { budget_max: 30 }),
    );
    expect(result).toEqual({
      structuredContent: { echoed: { budget_max: 30 } },
      content: [],
      isError: false,
      meta: {},
    });
    await widget.evaluate(() => (window as unknown as WidgetWindow).widgetHost.notifyHeight(240));
    await page.waitForFunction(() => (window as unknown as { sizes: unknown[] }).sizes.length > 0);
    expect(await page.evaluate(() => (window as unknown as { sizes: unknown[] }).sizes)).toEqual([
      { height: 240 },
    ]);
  });

  it("ignores a sibling frame posing as the host, and accepts the same message from the host", async () => {
    await page.evaluate(() => {
      const sibling = document.createElement("iframe");
      sibling.setAttribute("sandbox", "allow-scripts");
      sibling.srcdoc = `<script>
        parent.frames[0].postMessage({ jsonrpc: "2.0", method: "ui/notifications/tool-result", params: { structuredContent: { forged: true } } }, "*");
        parent.postMessage("sibling-done", "*");
      </script>`;
      document.body.append(sibling);
    });
    await page.waitForFunction(
      () => (window as unknown as { siblingDone?: boolean }).siblingDone === true,
    );
    // A round trip through the host, so the forged message has surely been handled.
    await widget.evaluate(() =>
      (window as unknown as WidgetWindow).widgetHost.callTool("noop", {}),
    );
    // The very same message, posted by the parent window itself, is accepted.
    await page.evaluate(() =>
      document.querySelector("iframe")!.contentWindow!.postMessage(
        {
          jsonrpc: "2.0",
          method: "ui/notifications/tool-result",
          params: { structuredContent: { fromParent: true } },
        },
        "*",
      ),
    );
    await widget.waitForFunction(
      () => (window as unknown as { outputs: unknown[] }).outputs.length > 0,
    );
    expect(
      await widget.evaluate(() => (window as unknown as { outputs: unknown[] }).outputs),
    ).toEqual([{ fromParent: true }]);
  });

  it("keeps widget state in memory where the sandbox denies storage", async () => {
    const state = await widget.evaluate(async () => {
      const host = (window as unknown as WidgetWindow).widgetHost;
      let storage = "available";
      try {
        void window.localStorage;
      } catch {
        storage = "denied";
      }
      await host.setWidgetState({ step: 3 });
      return { storage, state: host.get("widgetState") };
    });
    expect(state).toEqual({ storage: "denied", state: { step: 3 } });
  });
});
