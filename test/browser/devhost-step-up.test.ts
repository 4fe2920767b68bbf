/**
 * Step-up sign-in in the dev page, in Chromium: an app with two scopes (`read_wallet` needs
 * `wallet:read`, `send_money` needs `transfers:write`) behind the development sign-in. The page
 * signs in for the first tool (popup: pick the person, allow), and for the second it asks
 * again for the other scope (popup: allow) — with the registration the first sign-in made,
 * which the development sign-in once refused as `invalid_scope` ("could not reach the app").
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevHostHandler } from "../../src/devhost/index.ts";
import { startTwoScopeWallet } from "../server/oauth-test-client.ts";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { buildDevPage } from "./dev-page.ts";

let wallet: Awaited<ReturnType<typeof startTwoScopeWallet>>;
let browser: Browser;

beforeAll(async () => {
  buildDevPage();
  wallet = await startTwoScopeWallet((issuer) =>
    createDevHostHandler({ appName: "Wallet", authorizationServers: [issuer] }),
  );
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  await wallet?.close();
});

/** The popup the page opens, where the person allows (picking who signs in when asked). */
async function allowInPopup(page: Page, act: () => Promise<void>): Promise<void> {
  const popup = page.waitForEvent("popup", { timeout: 30_000 });
  await act();
  const signIn = await popup;
  const user = signIn.locator('[data-user="alice"]');
  const allow = signIn.locator('[data-action="allow"]');
  await user.or(allow).first().waitFor({ timeout: 30_000 });
  if (await user.isVisible()) await user.click();
  await allow.click({ timeout: 30_000 });
}

/** The call log's entry for `tool` once it answered. */
const answered = (page: Page, tool: string) =>
  page.locator(`#call-log > li[data-tool="${tool}"]:not([data-status="pending"])`).last();

describe("the dev page signs in step by step for an app with two scopes", () => {
  it("signs in for wallet:read, then steps up to transfers:write", async () => {
    const page = await browser.newPage();
    const origin = new URL(wallet.endpoint.url).origin;
    // A read-only tool runs straight from a link; the 401 opens the sign-in.
    await allowInPopup(page, () =>
      page.goto(`${origin}/?tool=read_wallet&args=${encodeURIComponent("{}")}`).then(() => {}),
    );
    await page.locator('#account-status[data-signed-in="alice"]').waitFor({ timeout: 30_000 });
    await expect.poll(() => answered(page, "read_wallet").getAttribute("data-status")).toBe("ok");

    // The write needs the other scope: the page asks again, and the call goes through.
    await page.locator("#tool-name").selectOption("send_money");
    await page.locator("#tool-args").fill("{}");
    await allowInPopup(page, () => page.locator("#run-tool").click());
    await expect
      .poll(() => answered(page, "send_money").getAttribute("data-status"), { timeout: 30_000 })
      .toBe("ok");
    expect(await page.locator("#connection-status").textContent()).not.toMatch(/could not/i);
    await page.close();
  });
});
