/**
 * The built widget in Chromium, served under its manifest's CSP, with the mock host as
 * `window.openai`: every payload and recorded fixture must reach its data-state with no
 * error, no CSP violation, no script run from data, and no axe violation — on the React
 * and the Preact build.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build as esbuild } from "esbuild";
import { chromium, type Browser, type Page } from "playwright-core";
import { fixtureCases, payloadCases, type WidgetCase } from "./cases.ts";
import { serveWidget, type WidgetServer } from "./serve-widget.ts";
import { GIFTGENIUS, REPO, TARGETS } from "./targets.ts";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const SCREENSHOTS = join(REPO, "test-results/screenshots");
// The recorded fixtures' pictures are on the app's production origin, which is not reachable
// here: answer its /images/ paths with the files the GiftGenius server serves (public/images).
const PUBLIC = join(GIFTGENIUS, "public");
const CASES: WidgetCase[] = [...payloadCases(), ...fixtureCases()];

/** What this suite reads of the build's widget.manifest.json (docs/build.md). */
interface WidgetManifest {
  csp: string;
  _meta: { "openai/widgetCSP": { resource_domains: string[] } };
}

let browser: Browser;
let hostScript: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const bundle = await esbuild({
    entryPoints: [join(GIFTGENIUS, "test/browser/host-entry.ts")],
    bundle: true,
    format: "iife",
    write: false,
    target: "es2022",
    // The testing entry's fixture helpers load Node built-ins only when called (never here).
    external: ["node:*"],
    logLevel: "silent",
  });
  hostScript = bundle.outputFiles[0]?.text ?? "";
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
});

interface Opened {
  page: Page;
  /** Console errors, page errors and requests that left the page's declared origins. */
  problems: string[];
  close(): Promise<void>;
}

describe.each(TARGETS)("widget build: $name", (target) => {
  let server: WidgetServer;
  let manifest: WidgetManifest;

  beforeAll(async () => {
    manifest = JSON.parse(
      readFileSync(join(target.dir, "widget.manifest.json"), "utf8"),
    ) as WidgetManifest;
    server = await serveWidget(readFileSync(join(target.dir, "widget.html"), "utf8"), manifest.csp);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function open(
    globals: Record<string, unknown>,
    colorScheme: "light" | "dark" = "light",
  ): Promise<Opened> {
    const context = await browser.newContext({
      colorScheme,
      viewport: { width: 480, height: 640 },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    const declared = manifest._meta["openai/widgetCSP"].resource_domains;
    await context.route("**/*", async (route) => {
      const url = new URL(route.request().url());
      if (url.origin === new URL(server.url).origin) return route.continue();
      const file = join(PUBLIC, url.pathname);
      if (declared.includes(url.origin) && /^\/images\/[a-z_]+\.svg$/.test(url.pathname))
        return existsSync(file)
          ? route.fulfill({ status: 200, contentType: "image/svg+xml", path: file })
          : route.fulfill({ status: 404 });
      problems.push(`request to an undeclared origin: ${url.href}`);
      return route.abort();
    });
    await page.addInitScript(
      (setup) => {
        (window as unknown as { __widgetTest: unknown }).__widgetTest = setup;
      },
      { globals, tools: {} },
    );
    await page.addInitScript({ content: hostScript });
    await page.goto(server.url);
    return { page, problems, close: () => context.close() };
  }

  async function checkClean(opened: Opened, shot: string): Promise<void> {
    const { page, problems } = opened;
    const report = await page.evaluate(() => {
      const w = window as unknown as {
        __cspViolations: string[];
        __pageErrors: string[];
        __pwned?: unknown;
      };
      return {
        violations: w.__cspViolations,
        errors: w.__pageErrors,
        pwned: w.__pwned === undefined ? "undefined" : String(w.__pwned),
      };
    });
    // axe is evaluated by the test driver, not as a page script, so the widget CSP stays as served.
    await page.evaluate(AXE_SOURCE);
    const axeViolations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              ctx: Document,
              options: object,
            ): Promise<{ violations: Array<{ id: string; nodes: unknown[] }> }>;
          };
        }
      ).axe;
      // WCAG 2.x A and AA. Page-level best practices (one <h1>, landmarks) do not fit a card in
      // a chat message.
      const runOnly = {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"],
      };
      const result = await axe.run(document, { resultTypes: ["violations"], runOnly });
      return result.violations.map((v) => `${v.id} (${v.nodes.length})`);
    });
    await page.screenshot({
      path: join(SCREENSHOTS, `${target.name}-${shot}.png`),
      fullPage: true,
    });
    expect({ problems, ...report, axeViolations }).toEqual({
      problems: [],
      violations: [],
      errors: [],
      pwned: "undefined",
      axeViolations: [],
    });
  }

  it.each(CASES)("$name → data-state=$expect", async (testCase) => {
    const opened = await open({
      toolOutput: testCase.toolOutput,
      toolResponseMetadata: testCase.toolResponseMetadata ?? null,
      theme: "light",
      locale: "en-US",
    });
    try {
      await opened.page
        .locator(`[data-state="${testCase.expect}"]`)
        .first()
        .waitFor({ timeout: 10_000 });
      if (testCase.expectGifts !== undefined)
        expect(await opened.page.locator("[data-gift-id]").count()).toBe(testCase.expectGifts);
      await checkClean(opened, testCase.name.replace(/[^a-z0-9-]+/gi, "_"));
    } finally {
      await opened.close();
    }
  });

  const results = CASES.find((c) => c.expect === "results" && (c.expectGifts ?? 0) > 1);

  it("shows loading until the host delivers the tool output, then the results", async () => {
    if (!results) throw new Error("no results payload to deliver late");
    const opened = await open({ toolOutput: null, theme: "light", locale: "en-US" });
    try {
      await opened.page.locator('[data-state="loading"]').first().waitFor({ timeout: 10_000 });
      await opened.page.evaluate((output) => {
        (
          window as unknown as { __mockHost: { setGlobals(g: object): void } }
        ).__mockHost.setGlobals({ toolOutput: output });
      }, results.toolOutput);
      await opened.page.locator('[data-state="results"]').first().waitFor({ timeout: 10_000 });
      expect(await opened.page.locator("[data-gift-id]").count()).toBe(results.expectGifts);
      await checkClean(opened, "late-output");
    } finally {
      await opened.close();
    }
  });

  it("the confirm dialog is a modal alertdialog: Cancel focused, Tab kept inside, Escape cancels", async () => {
    const draft = CASES.find((c) => c.expect === "confirm");
    if (!draft) throw new Error("no draft payload");
    const opened = await open({ toolOutput: draft.toolOutput, theme: "light", locale: "en-US" });
    const { page } = opened;
    // What has focus, by its data-action (the dialog's own buttons) or tag name.
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active?.getAttribute("data-action") ?? active?.tagName ?? null;
      });
    try {
      const dialog = page.getByRole("alertdialog", { name: "Confirm your purchase" });
      await dialog.waitFor({ timeout: 10_000 });
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      await expect.poll(focused).toBe("cancel");
      await page.keyboard.press("Tab");
      expect(await focused()).toBe("confirm");
      await page.keyboard.press("Tab"); // past the last button: back to the first
      expect(await focused()).toBe("cancel");
      await page.keyboard.press("Shift+Tab");
      expect(await focused()).toBe("confirm");
      await checkClean(opened, "confirm-dialog-keyboard");
      await page.keyboard.press("Escape");
      await page.locator('[data-state="empty"]').first().waitFor({ timeout: 10_000 });
      expect(await page.getByRole("alertdialog").count()).toBe(0);
      expect(await page.getByText("Cancelled. Nothing was ordered.").isVisible()).toBe(true);
    } finally {
      await opened.close();
    }
  });

  it("the harness sees a CSP violation: served without its script hash, the widget is blocked and reported", async () => {
    const strict = await serveWidget(
      readFileSync(join(target.dir, "widget.html"), "utf8"),
      manifest.csp.replace(/script-src [^;]+/, "script-src 'none'"),
    );
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript({ content: hostScript });
      await page.goto(strict.url);
      await page.waitForFunction(
        () =>
          ((window as unknown as { __cspViolations: string[] }).__cspViolations ?? []).length > 0,
        undefined,
        { timeout: 10_000 },
      );
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      expect(violations.some((v) => v.startsWith("script-src"))).toBe(true);
      expect(await page.locator("[data-state]").count()).toBe(0);
    } finally {
      await context.close();
      await strict.close();
    }
  });

  it("renders the dark theme with light text on a dark background", async () => {
    if (!results) throw new Error("no results payload");
    const opened = await open(
      { toolOutput: results.toolOutput, theme: "dark", locale: "en-US" },
      "dark",
    );
    try {
      const root = opened.page.locator('[data-state="results"]').first();
      await root.waitFor({ timeout: 10_000 });
      const luminance = await root.evaluate((el) => {
        const channels = getComputedStyle(el)
          .color.match(/\d+(\.\d+)?/g)
          ?.slice(0, 3)
          .map(Number) ?? [0, 0, 0];
        return (
          (0.2126 * (channels[0] ?? 0) +
            0.7152 * (channels[1] ?? 0) +
            0.0722 * (channels[2] ?? 0)) /
          255
        );
      });
      expect(luminance).toBeGreaterThan(0.5);
      await checkClean(opened, "dark-results");
    } finally {
      await opened.close();
    }
  });
});
