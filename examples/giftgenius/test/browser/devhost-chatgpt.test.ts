/**
 * The dev page's ChatGPT mode, in Chromium, against the real GiftGenius server: like ChatGPT
 * it offers both bridges (`window.openai` and an answering `ui/initialize`), shows what a
 * widget puts in the model context (`ui/update-model-context`), and — with "Ask approval" —
 * holds a write tool's input back until the person approves (on the dev host's fixture app,
 * whose `note` is a write): the widget has `toolInput: null` and shows loading, and the tool
 * has not run. And a real purchase as a person makes it (sign in, buy, confirm; then buy and
 * cancel) leaves its outcome in that turn's model context, as the write flow tells it.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureApp, type FixtureApp } from "../../../../test/devhost/support/fixture-app.ts";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";
import { startDevhostGiftGenius, type DevhostGiftGenius } from "./devhost-giftgenius.ts";
import { SUGGEST_ARGS } from "./giftgenius-server.ts";

let giftgenius: DevhostGiftGenius;
let baseUrl: string;
let browser: Browser;
let fixture: FixtureApp;

beforeAll(async () => {
  giftgenius = await startDevhostGiftGenius("devhost-chatgpt");
  baseUrl = giftgenius.baseUrl;
  fixture = await startFixtureApp();
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  await fixture?.close();
  giftgenius?.stop();
});

const TURN = "#turns article.turn:last-of-type";

/** The last turn's widget frame, for evaluating inside it. */
async function widgetFrame(page: Page): Promise<Frame> {
  const handle = await page.locator(`${TURN} iframe`).elementHandle({ timeout: 15_000 });
  const frame = await handle!.contentFrame();
  return frame!;
}

/** How many model-context updates the last turn's panel counted and the event log lists. */
async function modelContextUpdates(page: Page): Promise<{ panel: string | null; events: number }> {
  return {
    panel: await page
      .locator(`${TURN} [data-model-context-updates]`)
      .getAttribute("data-model-context-updates"),
    events: await page.locator('#event-log li[data-event="model-context"]').count(),
  };
}

describe("the dev page's ChatGPT mode", () => {
  it("answers ui/initialize beside window.openai and shows the model context a widget sets", async () => {
    const page = await browser.newPage();
    await page.goto(
      `${baseUrl}/?protocol=openai&tool=suggest_gifts&args=${encodeURIComponent(JSON.stringify(SUGGEST_ARGS))}`,
    );
    const widget = page.frameLocator(`${TURN} iframe`);
    await widget.locator('.wk-root[data-state="results"]').waitFor({ timeout: 15_000 });
    await page
      .locator('#event-log li[data-event="notice"]', { hasText: "ui/initialize answered" })
      .waitFor({ timeout: 15_000 });
    const frame = await widgetFrame(page);
    expect(await frame.evaluate(() => typeof (window as { openai?: unknown }).openai)).toBe(
      "object",
    );
    const context = page.locator(`${TURN} [data-model-context]`);
    expect(await context.count()).toBe(0);
    // What a widget sends after a purchase; each update replaces the one before.
    for (const text of ["first", "The person confirmed; order o-1 placed."])
      await frame.evaluate((message) => {
        window.parent.postMessage(
          {
            jsonrpc: "2.0",
            id: 90_000 + message.length,
            method: "ui/update-model-context",
            params: { content: [{ type: "text", text: message }] },
          },
          "*",
        );
      }, text);
    await expect
      .poll(() => context.textContent(), { timeout: 15_000 })
      .toBe("The person confirmed; order o-1 placed.");
    expect(await modelContextUpdates(page)).toEqual({ panel: "2", events: 2 });
    await page.close();
  });

  it("after a real purchase the turn's model context holds the outcome; a cancel says nothing changed", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    const page = await context.newPage();
    await page.goto(
      `${baseUrl}/?protocol=openai&tool=suggest_gifts&args=${encodeURIComponent(JSON.stringify(SUGGEST_ARGS))}`,
    );
    const widget = page.frameLocator(`${TURN} iframe`);
    const state = (name: string) =>
      widget.locator(`.wk-root[data-state="${name}"]`).waitFor({ timeout: 15_000 });
    const modelContext = page.locator(`${TURN} [data-model-context]`);
    // allTextContents does not wait for the panel, so a missing update fails the poll.
    const says = (text: string) =>
      expect.poll(() => modelContext.allTextContents(), { timeout: 15_000 }).toEqual([text]);
    await state("results");
    expect(await modelContext.count()).toBe(0); // showing the results told the model nothing

    // Buying needs a sign-in: the page opens the popup, the person allows, and the page runs the
    // call again, as ChatGPT links an account; the widget saw no refusal, so it tells nothing.
    const popup = page.waitForEvent("popup", { timeout: 30_000 });
    await widget.locator('[data-action="prepare"]').first().click();
    const signIn = await popup;
    await signIn.locator('[data-user="alice"]').click({ timeout: 30_000 });
    await signIn.locator('[data-action="allow"]').click({ timeout: 30_000 });
    await page.locator('#account-status[data-signed-in="alice"]').waitFor({ timeout: 30_000 });
    await state("confirm");
    expect(await modelContext.count()).toBe(0);

    await widget.locator('[data-action="confirm"]').click();
    await state("committed");
    // The order the server placed, as the page logged commit_order's result.
    const commitResult = await page
      .locator('#call-log > li[data-tool="commit_order"][data-status="ok"] pre')
      .nth(1)
      .textContent();
    const orderId = (
      JSON.parse(commitResult ?? "{}") as { structuredContent?: { order?: { order_id?: string } } }
    ).structuredContent?.order?.order_id;
    expect(orderId).toMatch(/\S/);
    await widget.locator("body").filter({ hasText: orderId! }).waitFor({ timeout: 15_000 });
    await says(`The person confirmed (reference ${orderId}).`);
    await page.screenshot({ path: join(tmpdir(), "model-context.png") });

    // Back to the list, another draft, and the person declines it.
    await widget.locator('[data-action="back"]').click();
    await state("results");
    await widget.locator('[data-action="prepare"]').nth(1).click();
    await state("confirm");
    await widget.locator('[data-action="cancel"]').click();
    await state("results");
    await says("The person did not confirm; nothing changed.");
    // Confirmed, then cancelled: one update each, each seen in the event log.
    expect(await modelContextUpdates(page)).toEqual({ panel: "2", events: 2 });
    expect(await page.locator('#call-log > li[data-tool="commit_order"]').count()).toBe(1);
    await page.screenshot({ path: join(tmpdir(), "model-context-cancelled.png") });
    await context.close();
  });

  /**
   * The page as ChatGPT with `query` (its settings), GiftGenius' suggestions in it, signed in as
   * Alice through a gift's Buy, up to the confirm dialog.
   */
  async function confirmDialog(query: string) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
    const page = await context.newPage();
    await page.goto(
      `${baseUrl}/?protocol=openai${query}&tool=suggest_gifts&args=${encodeURIComponent(JSON.stringify(SUGGEST_ARGS))}`,
    );
    const widget = page.frameLocator(`${TURN} iframe`);
    const state = (name: string) =>
      widget.locator(`.wk-root[data-state="${name}"]`).waitFor({ timeout: 15_000 });
    await state("results");
    const popup = page.waitForEvent("popup", { timeout: 30_000 });
    await widget.locator('[data-action="prepare"]').first().click();
    const signIn = await popup;
    await signIn.locator('[data-user="alice"]').click({ timeout: 30_000 });
    await signIn.locator('[data-action="allow"]').click({ timeout: 30_000 });
    await state("confirm");
    return { context, page, widget, state };
  }

  /** What the widget's error says, once it shows one. */
  async function errorText(opened: Awaited<ReturnType<typeof confirmDialog>>) {
    await opened.state("error");
    return (await opened.widget.locator(".wk-root").textContent()) ?? "";
  }

  it.each([
    ["", "host-dropped-meta.png", "commit_order"],
    ["&checkout=sheet", "host-dropped-meta-sheet.png", "start_checkout"],
  ])(
    "a host that drops the widget's _meta (as MCPJam's inspector, settings %j): says where to confirm, offers no prepare again, orders nothing",
    async (query, shot, refusedTool) => {
      const opened = await confirmDialog(`&resultMeta=drop${query}`);
      const { page, widget } = opened;
      // The page played the host: the widget's prepare came back without its _meta (the proof).
      await page
        .locator('#event-log li[data-event="notice"]', { hasText: "prepare_order: _meta dropped" })
        .first()
        .waitFor({ timeout: 15_000 });
      await widget.locator('[data-action="confirm"]').click();
      const said = await errorText(opened);
      expect(said).not.toMatch(/expired|could not do this/i);
      expect(said).toContain(
        "This host does not pass on what the app needs to confirm here. You can confirm in ChatGPT or another host that shows this app.",
      );
      expect(said).toMatch(/Nothing was (changed|created)/);
      expect(await widget.locator('[data-action="prepare"]').count()).toBe(0);
      // The server refused the proofless call; no sheet opened, no order was placed.
      await page
        .locator(`#call-log > li[data-tool="${refusedTool}"]:not([data-status="pending"])`)
        .first()
        .waitFor({ timeout: 15_000 });
      expect(await page.locator("#payment-sheet").count()).toBe(0);
      expect(
        await page.locator('#call-log > li[data-tool="commit_order"][data-status="ok"]').count(),
      ).toBe(0);
      await page.screenshot({ path: join(tmpdir(), shot) });
      await opened.context.close();
    },
  );

  it("a closed payment sheet: says the person closed it and nothing was charged, and pays again on the sheet", async () => {
    const opened = await confirmDialog("&checkout=sheet");
    const { page, widget } = opened;
    await widget.locator('[data-action="confirm"]').click();
    const sheet = page.locator("#payment-sheet");
    await sheet.waitFor({ timeout: 15_000 });
    await sheet.locator('[data-sheet="cancel"]').click();
    const said = await errorText(opened);
    expect(said).toContain("The payment was not completed. Nothing was charged.");
    expect(said).not.toMatch(/not available/);
    await page.screenshot({ path: join(tmpdir(), "sheet-closed.png") });
    // Try again opens the sheet again; paying there places the order, never commit_order.
    await widget.locator('[data-action="retry"]').click();
    await sheet.waitFor({ timeout: 15_000 });
    await sheet.locator('[data-sheet="pay"]').click();
    await opened.state("committed");
    expect(await page.locator('#call-log > li[data-tool="commit_order"]').count()).toBe(0);
    await opened.context.close();
  });

  it("with approval asked, a write tool's widget has no input and shows loading until approved", async () => {
    const page = await browser.newPage();
    await page.goto(`${fixture.url}/?protocol=openai&approval=ask`);
    await page.locator('#tool-name option[value="note"]').waitFor({ state: "attached" });
    await page.locator("#tool-name").selectOption("note");
    await page.locator("#tool-args").fill(JSON.stringify({ text: "buy milk" }));
    await page.locator("#run-tool").click();
    const turn = page.locator(`${TURN}[data-tool="note"]`);
    await page
      .locator(`${TURN}[data-tool="note"][data-status="awaiting-approval"]`)
      .waitFor({ timeout: 15_000 });
    const widget = page.frameLocator(`${TURN} iframe`);
    await widget.locator('#root[data-state="loading"]').waitFor({ timeout: 15_000 });
    const frame = await widgetFrame(page);
    const input = () =>
      frame.evaluate(
        () => (window as unknown as { openai: { toolInput: unknown } }).openai.toolInput,
      );
    expect(await input()).toBeNull();
    expect(fixture.notes).toBe(0); // the tool has not run
    expect(await page.locator('#call-log li[data-tool="note"]').count()).toBe(0);

    await turn.locator('[data-action="approve"]').click();
    await widget.locator('#root[data-state="results"]').waitFor({ timeout: 15_000 });
    expect(await input()).toEqual({ text: "buy milk" });
    expect(fixture.notes).toBe(1);
    expect(await page.locator('#call-log li[data-tool="note"][data-source="page"]').count()).toBe(
      1,
    );
    expect(await page.locator('#event-log li[data-event="approval"]').count()).toBe(1);
    await page.close();
  });

  it("runs a write tool at once when approval is off, and a read-only one even when asked", async () => {
    const page = await browser.newPage();
    await page.goto(
      `${fixture.url}/?protocol=openai&approval=ask&tool=show&args=${encodeURIComponent('{"value":"hi"}')}`,
    );
    const widget = page.frameLocator(`${TURN} iframe`);
    await widget.locator('#root[data-state="results"]').waitFor({ timeout: 15_000 });
    expect(await page.locator(`${TURN} [data-action="approve"]`).isVisible()).toBe(false);
    await page.goto(`${fixture.url}/?protocol=openai&approval=off`);
    await page.locator('#tool-name option[value="note"]').waitFor({ state: "attached" });
    await page.locator("#tool-name").selectOption("note");
    await page.locator("#tool-args").fill(JSON.stringify({ text: "now" }));
    await page.locator("#run-tool").click();
    await widget.locator('#root[data-state="results"]').waitFor({ timeout: 15_000 });
    await page.close();
  });
});
