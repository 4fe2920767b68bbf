/**
 * The dev page sizes each widget frame to its content, under both protocols, in Chromium,
 * against the real GiftGenius server: after the results, a shorter state (confirm, the error
 * of a lost payment, the placed order) shrinks the frame to it, with no blank space below, and
 * in PiP the widget is never taller than its frame (the page caps PiP frames at 420 px).
 */
import { chromium, type Browser, type FrameLocator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";
import { startDevhostGiftGenius, type DevhostGiftGenius } from "./devhost-giftgenius.ts";
import { SUGGEST_ARGS } from "./giftgenius-server.ts";

let giftgenius: DevhostGiftGenius;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  giftgenius = await startDevhostGiftGenius("devhost-height");
  baseUrl = giftgenius.baseUrl;
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  giftgenius?.stop();
});

const FRAME = "#turns article.turn:last-of-type iframe";

function widget(page: Page): FrameLocator {
  return page.frameLocator(FRAME);
}

/** The frame's inner height on the page, and the height of the document inside it. */
async function heights(page: Page): Promise<{ frame: number; content: number }> {
  const frame = await page.locator(FRAME).evaluate((f) => (f as HTMLIFrameElement).clientHeight);
  const content = await widget(page)
    .locator(".wk-root")
    .evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
  return { frame, content };
}

/** Waits for `state`, then until the frame is as tall as what it shows (±1 px of rounding). */
async function expectFitted(page: Page, state: string): Promise<number> {
  await widget(page).locator(`.wk-root[data-state="${state}"]`).waitFor({ timeout: 15_000 });
  await expect
    .poll(
      async () => {
        const { frame, content } = await heights(page);
        return Math.abs(frame - content) <= 1 ? "fitted" : `frame ${frame}, content ${content}`;
      },
      { timeout: 10_000 },
    )
    .toBe("fitted");
  return (await heights(page)).frame;
}

async function signInAsAlice(page: Page): Promise<void> {
  const popup = page.waitForEvent("popup", { timeout: 30_000 });
  await page.locator("#sign-in").click();
  const signIn = await popup;
  await signIn.locator('[data-user="alice"]').click({ timeout: 30_000 });
  await signIn.locator('[data-action="allow"]').click({ timeout: 30_000 });
  await page.locator('#account-status[data-signed-in="alice"]').waitFor({ timeout: 30_000 });
}

async function setFault(page: Page, fault: string, on: boolean): Promise<void> {
  await page.getByLabel(fault).setChecked(on);
  await page
    .locator("#fault-status")
    .filter({ hasText: on ? fault : "No faults" })
    .waitFor({ timeout: 15_000 });
}

describe.each(["openai", "mcp-apps"] as const)("frame height under %s", (protocol) => {
  it("follows the content from results to confirm, a payment error and the placed order", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    const page = await context.newPage();
    await page.goto(
      `${baseUrl}/?protocol=${protocol}&displayMode=inline&maxHeight=640&tool=suggest_gifts&args=${encodeURIComponent(JSON.stringify(SUGGEST_ARGS))}`,
    );
    const results = await expectFitted(page, "results");
    await signInAsAlice(page);

    await widget(page).locator('[data-action="prepare"]').first().click();
    // The dialog (with the saved-method picker) is about as tall as the list: fitted, either way.
    const confirm = await expectFitted(page, "confirm");

    await setFault(page, "payments=timeout", true);
    await widget(page).locator('[data-action="confirm"]').click();
    const error = await expectFitted(page, "error");
    expect(error).toBeLessThan(confirm); // the case at stake: a shorter state after a taller one

    await setFault(page, "payments=timeout", false);
    const retry = widget(page).locator('[data-action="retry"]');
    await expect.poll(() => retry.isEnabled(), { timeout: 15_000 }).toBe(true);
    await retry.click();
    const placed = await expectFitted(page, "committed");
    expect(placed).toBeLessThan(results);
    await context.close();
  });

  it("in PiP gives the widget no more height than its frame has", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    const page = await context.newPage();
    await page.goto(
      `${baseUrl}/?protocol=${protocol}&displayMode=pip&maxHeight=640&tool=suggest_gifts&args=${encodeURIComponent(JSON.stringify(SUGGEST_ARGS))}`,
    );
    await widget(page).locator('.wk-root[data-state="results"]').waitFor({ timeout: 15_000 });
    // The PiP grid of gifts is taller than any cap: the root fills the frame, never more.
    await expect
      .poll(async () => {
        const { frame, content } = await heights(page);
        return { capped: frame <= 420, fits: content <= frame + 1 };
      })
      .toEqual({ capped: true, fits: true });
    await context.close();
  });
});
