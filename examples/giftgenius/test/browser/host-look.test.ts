/**
 * The built widget under the official ext-apps `AppBridge` as its host, in real Chromium: it
 * takes the host's look (`hostContext.styles.variables`) and lays its list out per display
 * mode — inline a horizontal carousel of every item with an expand action, fullscreen not.
 */
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";
import { GIFTGENIUS, REPO, TARGETS } from "./targets.ts";

const HOST = `
  import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
  const w = window as unknown as Record<string, unknown>;
  w.startHost = async (frame: HTMLIFrameElement, context: Record<string, unknown>) => {
    const bridge = new AppBridge(null, { name: "chromium-host", version: "1" }, { serverTools: {} }, {
      hostContext: context,
    });
    const modes: unknown[] = [];
    w.requestedModes = modes;
    bridge.onrequestdisplaymode = async ({ mode }) => (modes.push(mode), { mode });
    w.bridge = bridge;
    // The widget is ready for its tool result once it said ui/notifications/initialized.
    w.initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
    await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  };
`;

/** What the host sends: standard names with values no kit fallback has. */
const HOST_VARIABLES = {
  "--color-text-primary": "rgb(10, 20, 30)",
  "--color-background-primary": "rgb(250, 240, 230)",
  "--font-sans": "Georgia, serif",
};

/** The recorded suggestions, grown to `count` gifts with distinct ids. */
function suggestions(count: number): unknown {
  const recorded = JSON.parse(
    readFileSync(join(GIFTGENIUS, "test/fixtures/results--suggest-gifts.json"), "utf8"),
  ) as { structuredContent: { gifts: { id: string }[] } };
  const gifts = recorded.structuredContent.gifts;
  return {
    ...recorded.structuredContent,
    gifts: Array.from({ length: count }, (_, i) => ({
      ...gifts[i % gifts.length],
      id: `gift-${i}`,
    })),
  };
}

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch(chromiumLaunchOptions);
});
afterAll(async () => {
  await browser?.close();
});

async function openWidget(
  context: Record<string, unknown>,
): Promise<{ page: Page; widget: Frame }> {
  const hostJs = (
    await build({
      stdin: { contents: HOST, resolveDir: REPO, loader: "ts" },
      bundle: true,
      format: "iife",
      platform: "browser",
      write: false,
      logLevel: "silent",
    })
  ).outputFiles[0]!.text;
  const html = readFileSync(join(TARGETS[0]!.dir, "widget.html"), "utf8");
  const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
  await page.setContent("<!doctype html><html><body style='margin:0'></body></html>");
  await page.addScriptTag({ content: hostJs });
  await page.evaluate(
    async ([source, hostContext]) => {
      const frame = document.createElement("iframe");
      frame.setAttribute("sandbox", "allow-scripts");
      frame.name = "widget";
      frame.style.cssText = "width:760px;height:700px;border:0";
      document.body.append(frame);
      const w = window as unknown as {
        startHost(f: HTMLIFrameElement, c: unknown): Promise<void>;
      };
      const started = w.startHost(frame, hostContext);
      frame.srcdoc = source;
      await started;
    },
    [html, context] as const,
  );
  const widget = page.frames().find((f) => f.name() === "widget")!;
  await page.evaluate(async (output) => {
    const w = window as unknown as {
      initialized: Promise<void>;
      bridge: { sendToolResult(p: unknown): Promise<void> };
    };
    await w.initialized;
    await w.bridge.sendToolResult({ structuredContent: output, content: [] });
  }, suggestions(100));
  await widget.waitForSelector('[data-state="results"] [data-item-id]');
  return { page, widget };
}

/** Where the list stands: its layout and whether anything in it scrolls which way. */
function listLayout(widget: Frame) {
  return widget.evaluate(() => {
    const list = document.querySelector("ul.wk-list")!;
    const scroller = list.parentElement!;
    const first = document.querySelector("[data-item-id]")!.getBoundingClientRect();
    return {
      items: document.querySelectorAll("[data-item-id]").length,
      flow: getComputedStyle(list).gridAutoFlow,
      carousel: scroller.classList.contains("wk-carousel"),
      scrollsSideways: scroller.scrollWidth > scroller.clientWidth,
      scrollsDown: scroller.scrollHeight > scroller.clientHeight,
      firstVisible: first.left >= 0 && first.right <= window.innerWidth && first.top >= 0,
      expand: document.querySelector(".wk-expand")?.textContent ?? null,
    };
  });
}

describe("the widget under AppBridge", () => {
  it("takes the host's text colour, font and background, and lays 100 items out as a carousel inline", async () => {
    const { page, widget } = await openWidget({
      theme: "light",
      displayMode: "inline",
      availableDisplayModes: ["inline", "fullscreen"],
      styles: { variables: HOST_VARIABLES },
    });
    const look = await widget.evaluate(() => {
      const title = document.querySelector("[data-item-id] h2")!;
      return {
        color: getComputedStyle(title).color,
        font: getComputedStyle(title).fontFamily,
        background: getComputedStyle(document.querySelector(".wk-root")!).backgroundColor,
        // The page behind the root: <html> carries the colour, the body stays transparent over it.
        page: getComputedStyle(document.documentElement).backgroundColor,
      };
    });
    expect(look).toEqual({
      color: "rgb(10, 20, 30)",
      font: "Georgia, serif",
      background: "rgb(250, 240, 230)",
      page: "rgb(250, 240, 230)",
    });
    expect(await listLayout(widget)).toEqual({
      items: 100,
      flow: "column",
      carousel: true,
      scrollsSideways: true,
      scrollsDown: false,
      firstVisible: true,
      expand: "Show all",
    });

    // Expand asks the host for fullscreen; granted, the list is no longer a carousel.
    await widget.click(".wk-expand");
    await widget.waitForSelector("ul.wk-list:not(.wk-list--carousel)");
    expect(
      await page.evaluate(
        () => (window as unknown as { requestedModes: unknown[] }).requestedModes,
      ),
    ).toEqual(["fullscreen"]);
    const fullscreen = await listLayout(widget);
    expect(fullscreen).toMatchObject({ items: 100, flow: "row", carousel: false, expand: null });
    await page.close();
  });

  it("keeps the kit's own look without host variables, and offers no expand where fullscreen is not listed", async () => {
    const { page, widget } = await openWidget({ theme: "light", displayMode: "inline" });
    const color = await widget.evaluate(
      () => getComputedStyle(document.querySelector("[data-item-id] h2")!).color,
    );
    expect(color).toBe("rgb(24, 24, 27)"); // the kit's --wk-text fallback, #18181b
    expect(await listLayout(widget)).toMatchObject({ items: 100, carousel: true, expand: null });
    await page.close();
  });
});
