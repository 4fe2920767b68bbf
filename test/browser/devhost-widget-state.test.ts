/**
 * Widget state in the dev page is per call (per message, as in ChatGPT), in Chromium, on the
 * dev host's fixture app: calling the same tool with the same arguments again starts a fresh
 * widget state, and a reload gives the widget of the link's call its own state back.
 */
import type { Browser, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { FixtureApp } from "../devhost/support/fixture-app.ts";
import { withFixtureAppInChromium } from "./dev-page.ts";

const opened = withFixtureAppInChromium();
let app: FixtureApp;
let browser: Browser;
beforeAll(() => {
  ({ app, browser } = opened());
});

/** The `#count` line of the widget in turn `n` (1-based): its last count and widget state. */
function countLine(page: Page, n: number) {
  return page.frameLocator(`#turns article.turn:nth-of-type(${n}) iframe`).locator("#count");
}

async function count(page: Page, n: number): Promise<void> {
  const widget = page.frameLocator(`#turns article.turn:nth-of-type(${n}) iframe`);
  await widget.locator('#root[data-state="results"]').waitFor({ timeout: 15_000 });
  await widget.locator("#count-button").click();
  await expect.poll(() => countLine(page, n).textContent()).toContain('state={"last"');
}

describe("widget state in the dev page", () => {
  it("is the call's own: the same call again starts fresh, a reload brings the call's back", async () => {
    const page = await browser.newPage();
    await page.goto(
      `${app.url}/?protocol=openai&tool=show&args=${encodeURIComponent('{"value":"same"}')}`,
    );
    await count(page, 1);
    const first = await countLine(page, 1).textContent();
    expect(first).toContain('state={"last":{"count":1}}');

    await page.locator("#run-tool").click(); // the form holds the link's call: same tool, same args
    const second = page.frameLocator("#turns article.turn:nth-of-type(2) iframe");
    await second.locator('#root[data-state="results"]').waitFor({ timeout: 15_000 });
    expect(await countLine(page, 2).textContent()).toBe("count=null state=null"); // fresh
    await count(page, 2);
    expect(await countLine(page, 2).textContent()).toContain('state={"last":{"count":2}}');
    expect(await countLine(page, 1).textContent()).toBe(first); // the first keeps its own

    // The address bar now holds the second call; a reload is that message again.
    expect(new URL(page.url()).searchParams.get("call")).toMatch(/^[0-9a-f]{12}$/);
    await page.reload();
    const reloaded = page.frameLocator("#turns article.turn:nth-of-type(1) iframe");
    await reloaded.locator('#root[data-state="results"]').waitFor({ timeout: 15_000 });
    expect(await countLine(page, 1).textContent()).toBe('count=null state={"last":{"count":2}}');
    await page.close();
  });
});
