/**
 * GiftGenius bought in a client without widgets, in Chromium: the dev page's text-only mode
 * (`protocol=text`) lists `commit_order` to the "model" (such a client reads no `_meta`), the
 * person signs in when the prepare asks, and the model's commit leads to GiftGenius' form —
 * the gift, quantity and total, and which card pays — which only the person's click answers.
 * Submit places one order; the model's second call of the same draft replays it; Cancel on
 * another draft places none. Read from the page: the turn's text and the order's status.
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";
import { startDevhostGiftGenius, type DevhostGiftGenius } from "./devhost-giftgenius.ts";

let giftgenius: DevhostGiftGenius;
let browser: Browser;

beforeAll(async () => {
  giftgenius = await startDevhostGiftGenius("devhost-text-only");
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  giftgenius?.stop();
});

const TURN = "#turns article.turn:last-of-type";
const FORM = "#turns form.input-form:last-of-type";

/** Calls `tool` from the page's tool form (the "model") with `args`. */
async function call(page: Page, tool: string, args: unknown): Promise<void> {
  await page.selectOption("#tool-name", tool);
  await page.fill("#tool-args", JSON.stringify(args));
  await page.click("#tool-form button[type=submit]");
}

/** The last turn once it is done, as the text the model reads. */
async function doneText(page: Page): Promise<string> {
  await page.locator(`${TURN}[data-status="done"]`).waitFor({ timeout: 30_000 });
  return (await page.locator(TURN).textContent()) ?? "";
}

/** Prepares an order of `gift_id` and returns its draft id, read from the turn's text. */
async function prepare(page: Page, giftId: string): Promise<string> {
  await call(page, "prepare_order", { gift_id: giftId, quantity: 2 });
  const text = await doneText(page);
  const draftId = /Draft (drf_\S+):/.exec(text)?.[1];
  if (!draftId) throw new Error(`no draft in: ${text}`);
  return draftId;
}

describe("GiftGenius in the dev page's text-only mode", () => {
  it("the person confirms the model's commit_order in a form: one order, replayed after", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${giftgenius.baseUrl}/?protocol=text`);
    await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
    expect(await page.locator("#tool-name option").allTextContents()).toContain("commit_order");

    // The prepare needs a sign-in: the page opens the popup and the person allows.
    const popup = page.waitForEvent("popup", { timeout: 30_000 });
    await call(page, "prepare_order", { gift_id: "gift-0001", quantity: 2 });
    const signIn = await popup;
    await signIn.locator('[data-user="alice"]').click({ timeout: 30_000 });
    await signIn.locator('[data-action="allow"]').click({ timeout: 30_000 });
    await page.locator('#account-status[data-signed-in="alice"]').waitFor({ timeout: 30_000 });
    const draftId = /Draft (drf_\S+):/.exec(await doneText(page))?.[1];
    expect(draftId).toBeDefined();
    expect(await page.locator(`${TURN} iframe`).count()).toBe(0);

    await call(page, "commit_order", { draft_id: draftId, idempotency_key: "text-only-order-1" });
    const form = page.locator(FORM);
    await form.waitFor({ timeout: 30_000 });
    const message = (await form.locator(".input-form-message").textContent()) ?? "";
    expect(message).toMatch(
      /^Place this order\? Your default card, Visa ending 4242, is charged\./,
    );
    expect(message).toContain("quantity: 2");
    expect(message).toMatch(/total: \d+\.\d{2} USD/);
    await form.getByLabel("Confirm").check();
    await page.screenshot({ path: "/tmp/giftgenius-text-only-form.png" });
    await form.getByRole("button", { name: "Submit" }).click();
    const placed = await doneText(page);
    const orderId = /Order (ord_\S+) placed\./.exec(placed)?.[1];
    expect(orderId).toBeDefined();
    expect(await form.getAttribute("data-state")).toBe("submitted");

    // The model's second call of the draft, with its own key: the form again, and the one order.
    await call(page, "commit_order", { draft_id: draftId, idempotency_key: "text-only-order-2" });
    await page.locator(`${FORM}[data-state="open"]`).waitFor({ timeout: 30_000 });
    await page.locator(FORM).getByLabel("Confirm").check();
    await page.locator(FORM).getByRole("button", { name: "Submit" }).click();
    expect(await doneText(page)).toContain(`Order ${orderId} was already placed`);
    await call(page, "order_status", { draft_id: draftId });
    expect(await doneText(page)).toContain(orderId!);

    // Cancel on another draft: nothing ordered, and the turn says so.
    const other = await prepare(page, "gift-0002");
    await call(page, "commit_order", { draft_id: other, idempotency_key: "text-only-order-3" });
    await page.locator(`${FORM}[data-state="open"]`).waitFor({ timeout: 30_000 });
    await page.locator(FORM).getByRole("button", { name: "Cancel" }).click();
    // The refusal is an error result (`isError`): the person said no, nothing was ordered.
    await page.locator(`${TURN}[data-status="error"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator(TURN).textContent()).toMatch(/nothing/i);
    await call(page, "order_status", { draft_id: other });
    expect(await doneText(page)).toMatch(/Nothing has been ordered yet/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
