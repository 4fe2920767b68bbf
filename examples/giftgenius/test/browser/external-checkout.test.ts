/**
 * External checkout end to end, in Chromium, through the dev host page against the real
 * GiftGenius server started with a checkout origin: the person confirms, the widget hands them
 * to the merchant's page (a new tab, as the host opens links), the provider's signed webhook
 * arrives at the server, and back in the widget "I've paid — check" shows the paid order. The
 * merchant's page is played by the test at its https origin (the dev host is plain http, which
 * neither the contract's links nor the hand-off accept: docs/checkout.md), and the test sends
 * the provider's webhook itself.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type FrameLocator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhook } from "mcp-widget-kit/checkout/server";
import { GOOD_SEARCH } from "../searches.ts";
import { startGiftGenius } from "./giftgenius-server.ts";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";
import { buildDevPage } from "../../../../test/browser/dev-page.ts";

const ORIGIN = "https://pay.giftgenius.example";
const SECRET = "whsec_" + Buffer.from("giftgenius-e2e-webhook-secret").toString("base64");

let server: ChildProcess;
let baseUrl: string;
let browser: Browser;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "e2e-external-"));
  buildDevPage();
  const started = await startGiftGenius(dataDir, {
    GIFTGENIUS_CHECKOUT_ORIGIN: ORIGIN,
    GIFTGENIUS_WEBHOOK_SECRETS: SECRET,
  });
  server = started.process;
  baseUrl = started.baseUrl;
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  server?.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const widgetFrame = (page: Page): FrameLocator =>
  page.frameLocator("#turns article.turn:last-of-type iframe");

/** The provider's `checkout.completed` for `sessionId`, signed, posted to the app. */
async function providerWebhook(sessionId: string): Promise<Response> {
  const id = `msg_e2e_${sessionId}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    type: "checkout.completed",
    data: { session_id: sessionId, payment_id: "pi_e2e" },
  });
  return fetch(`${baseUrl}/webhooks/checkout`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "webhook-id": id,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signWebhook(SECRET, id, timestamp, body),
    },
    body,
  });
}

describe("external checkout, played by the dev host (ChatGPT protocol)", () => {
  it("confirm → the merchant's page opens → the webhook → back in the widget, the order shows paid", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    const problems: string[] = [];
    // The merchant's checkout page, at its https origin.
    await context.route(`${ORIGIN}/**`, (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Checkout</title><h1>Test checkout</h1>",
      }),
    );
    const page = await context.newPage();
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(
      `${baseUrl}/?protocol=openai&tool=suggest_gifts&args=${encodeURIComponent(JSON.stringify(GOOD_SEARCH))}`,
    );
    await widgetFrame(page).locator('[data-state="results"]').waitFor({ timeout: 15_000 });
    // Sign in when the first write asks for it, as ChatGPT links an account.
    const popup = page.waitForEvent("popup", { timeout: 30_000 });
    await widgetFrame(page).locator('[data-action="prepare"]').first().click();
    const signIn = await popup;
    await signIn.locator('[data-user="alice"]').click({ timeout: 30_000 });
    await signIn.locator('[data-action="allow"]').click({ timeout: 30_000 });
    await widgetFrame(page).locator('[data-state="confirm"]').waitFor({ timeout: 15_000 });

    // Confirm: the order is created awaiting payment, and the merchant's page opens.
    const checkoutTab = context.waitForEvent("page", { timeout: 15_000 });
    await widgetFrame(page).locator('[data-action="confirm"]').click();
    const checkout = await checkoutTab;
    await checkout.waitForLoadState();
    expect(checkout.url()).toMatch(
      /^https:\/\/pay\.giftgenius\.example\/checkout\/cs_[0-9a-f]{24}$/,
    );
    const awaiting = widgetFrame(page).locator('[data-payment="awaiting"]');
    await awaiting.waitFor({ timeout: 15_000 });

    // Back before paying: the check says nothing has arrived.
    await page.bringToFront();
    await widgetFrame(page).locator('[data-action="check-payment"]').click();
    await awaiting.filter({ hasText: "No payment has arrived yet" }).waitFor({ timeout: 15_000 });

    // The person pays on the merchant's page; the provider tells the server.
    const sessionId = checkout.url().split("/").at(-1)!;
    expect((await providerWebhook(sessionId)).status).toBe(200);
    await checkout.close();

    await widgetFrame(page).locator('[data-action="check-payment"]').click();
    await widgetFrame(page)
      .locator("[data-payment]")
      .waitFor({ state: "detached", timeout: 15_000 });
    const order = /ord_[A-Za-z0-9_-]+/.exec(
      (await widgetFrame(page).locator("body").textContent()) ?? "",
    )?.[0];
    expect(order).toBeDefined();
    const tools = await page
      .locator("#call-log > li")
      .evaluateAll((items) => items.map((li) => li.getAttribute("data-tool")).reverse());
    // One order, then only reads: on each check, and whenever the widget regained focus.
    expect(tools.slice(0, 3)).toEqual(["suggest_gifts", "prepare_order", "commit_order"]);
    expect(tools.length).toBeGreaterThanOrEqual(5);
    expect(new Set(tools.slice(3))).toEqual(new Set(["order_status"]));
    expect(problems).toEqual([]);
    await context.close();
  });
});
