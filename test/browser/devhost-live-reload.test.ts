/**
 * Live reload on the dev page, in Chromium: when the widget is rebuilt (here: the fixture
 * app's HTML changes and its build source signals it, as `mcp-widget-kit dev`'s watcher does),
 * the open page mounts the new widget by itself, with the same tool output and widget state.
 */
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIXTURE_WIDGET_HTML,
  startFixtureApp,
  type FixtureApp,
} from "../devhost/support/fixture-app.ts";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { buildDevPage } from "./dev-page.ts";

let app: FixtureApp;
let browser: Browser;
let html = FIXTURE_WIDGET_HTML;
const listeners = new Set<() => void>();

beforeAll(async () => {
  buildDevPage();
  app = await startFixtureApp(
    {
      widgetBuilds: {
        subscribe(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    },
    "127.0.0.1",
    () => html,
  );
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("the dev page after a widget rebuild", () => {
  it("shows the edit in the open page without a reload, keeping tool output and widget state", async () => {
    const page = await browser.newPage();
    const args = encodeURIComponent(JSON.stringify({ value: "hello" }));
    await page.goto(`${app.url}/?tool=show&args=${args}`);
    const frame = page.frameLocator("#turns article.turn:last-of-type iframe");
    await expect.poll(() => frame.locator("#output").textContent()).toContain('"hello"');
    await frame.locator("#count-button").click();
    await expect.poll(() => frame.locator("#count").textContent()).toContain('"last"');
    // The page must have subscribed before the rebuild is announced.
    await expect.poll(() => listeners.size).toBe(1);

    html = FIXTURE_WIDGET_HTML.replace(
      '<main id="root" data-state="loading">',
      '<main id="root" data-state="loading"><p id="edited">edited</p>',
    );
    for (const listener of listeners) listener();

    await expect.poll(() => frame.locator("#edited").count()).toBe(1);
    expect(await frame.locator("#output").textContent()).toContain('"hello"');
    expect(await frame.locator("#count").textContent()).toContain('state={"last":{"count":1}}');
    expect(await page.locator("body").getAttribute("data-widget-reloads")).toBe("1");
    expect(app.counter).toBe(1); // the tool was not called again
    await page.close();
  });
});
