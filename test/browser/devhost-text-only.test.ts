/**
 * The dev page as a client without widgets, in Chromium, on the dev host's fixture app: it
 * lists every tool to the "model" (an app-only one too: such a client reads no `_meta`), mounts
 * no widget frame, and shows a server's form (an input request) to the person, whose click
 * alone answers it: Submit keeps the note once, Cancel keeps none. The fault switch makes the
 * client decline without asking, lose its retry, or send it twice.
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

const TURN = "#turns article.turn:last-of-type";
const FORM = "#turns form.input-form:last-of-type";

/** The page as a text-only client (with `query`'s settings), connected. */
async function textOnly(query = ""): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1200 } });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(`${app.url}/?protocol=text${query}`);
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 });
  expect(problems).toEqual([]);
  return page;
}

/** Calls `tool` from the page's tool form (the "model") with `args`. */
async function call(page: Page, tool: string, args: unknown): Promise<void> {
  await page.selectOption("#tool-name", tool);
  await page.fill("#tool-args", JSON.stringify(args));
  await page.click("#tool-form button[type=submit]");
}

describe("the dev page as a text-only client", () => {
  it("lists every tool, shows text and no widget, and asks the person in the app's form", async () => {
    const page = await textOnly();
    const listed = await page.locator("#tool-name option").allTextContents();
    expect(listed).toContain("confirm_note"); // app-only: a widget host would not list it
    await call(page, "show", { value: "hello" });
    await page.locator(`${TURN}[data-status="done"]`).waitFor({ timeout: 15_000 });
    expect(await page.locator(`${TURN} iframe`).count()).toBe(0);
    expect(await page.locator(TURN).textContent()).toContain("Showing hello");
    expect(await page.locator(TURN).textContent()).toContain("A client without widgets");

    await call(page, "confirm_note", { text: "buy milk" });
    const form = page.locator(FORM);
    await form.waitFor({ timeout: 15_000 });
    expect(await form.locator(".input-form-message").textContent()).toBe(
      "Keep the note “buy milk”?",
    );
    await form.getByLabel("Confirm").check();
    await form.getByLabel("Tag").selectOption("work");
    await page.screenshot({ path: "/tmp/devhost-text-only-form.png" });
    await form.getByRole("button", { name: "Submit" }).click();
    await page.locator(`${TURN}[data-status="done"]`).waitFor({ timeout: 15_000 });
    expect(await page.locator(TURN).textContent()).toContain("Kept “buy milk”.");
    expect(await form.getAttribute("data-state")).toBe("submitted");
    expect(await form.locator("button:not([disabled])").count()).toBe(0);
    expect(app.confirmedNotes).toEqual([{ text: "buy milk", tag: "work" }]);

    // Cancel: the server hears it, nothing is kept.
    await call(page, "confirm_note", { text: "sell milk" });
    await page.locator(`${FORM}[data-state="open"]`).waitFor({ timeout: 15_000 });
    await page.locator(FORM).getByRole("button", { name: "Cancel" }).click();
    await page.locator(`${TURN}[data-status="done"]`).waitFor({ timeout: 15_000 });
    expect(await page.locator(TURN).textContent()).toContain("Not confirmed: nothing kept.");
    expect(app.confirmedNotes).toHaveLength(1);
    await page.close();
  });

  it("the fault switch: the client declines unasked, loses its retry, or sends it twice", async () => {
    const before = app.confirmedNotes.length;
    const declining = await textOnly("&formAnswer=decline");
    await call(declining, "confirm_note", { text: "a" });
    await declining.locator(`${TURN}[data-status="done"]`).waitFor({ timeout: 15_000 });
    expect(await declining.locator(TURN).textContent()).toContain("Not confirmed");
    expect(await declining.locator("form.input-form").count()).toBe(0);
    await declining.close();

    // The person submits; what reaches the server is the fault's.
    const submitWith = async (fault: string, text: string) => {
      const page = await textOnly(`&formAnswer=${fault}`);
      await call(page, "confirm_note", { text });
      await page.locator(FORM).getByLabel("Confirm").check();
      const calls = app.formCalls;
      await page.locator(FORM).getByRole("button", { name: "Submit" }).click();
      return { page, calls };
    };
    const losing = await submitWith("drop-retry", "b");
    await losing.page.locator(`${TURN}[data-status="failed"]`).waitFor({ timeout: 15_000 });
    expect(app.formCalls).toBe(losing.calls); // the retry never reached the server
    await losing.page
      .locator('#event-log li[data-event="notice"]', { hasText: "was dropped" })
      .waitFor({ timeout: 15_000 });
    await losing.page.close();

    const twice = await submitWith("retry-twice", "c");
    await twice.page.locator(`${TURN}[data-status="done"]`).waitFor({ timeout: 15_000 });
    expect(app.formCalls - twice.calls).toBe(2); // the same answer arrived twice
    await twice.page.close();
    // This fixture keeps every confirmed retry (it is not a kit write): the twice-sent answer
    // kept "c" twice, which is what a kit write's single-use state exists to prevent.
    expect(app.confirmedNotes.slice(before).map((note) => note.text)).toEqual(["c", "c"]);
  });
});
