/**
 * Another site's page against the dev host, in Chromium: a link or a form on a second
 * loopback origin must not run a tool or reach a dev route, and a link to a write tool opened
 * by the person fills the form (its description under the picker included) and waits for their
 * click.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureApp, type FixtureApp } from "../devhost/support/fixture-app.ts";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { buildDevPage } from "./dev-page.ts";

let app: FixtureApp;
let browser: Browser;
let attacker: Server;
const attackerOrigins: string[] = [];

/** A page of another origin with a link and a form aimed at the dev host. */
function attackerPage(target: string): string {
  const link = `${target}/?tool=counter&args=${encodeURIComponent("{}")}`;
  return `<!doctype html><title>elsewhere</title>
<a id="link" href="${link}">win a prize</a>
<form id="form" method="POST" action="${target}/devhost/faults" enctype="text/plain">
  <input name='{"faults":"fail","x":"' value='"}'><button id="post">go</button>
</form>`;
}

beforeAll(async () => {
  buildDevPage();
  app = await startFixtureApp();
  attacker = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(attackerPage(app.url));
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  const { port } = attacker.address() as AddressInfo;
  // Another port on 127.0.0.1 is the same site; `localhost` is another site altogether.
  attackerOrigins.push(`http://127.0.0.1:${port}`, `http://localhost:${port}`);
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()));
  await app?.close();
});

describe("the dev host against another site's page", () => {
  /** Opens the other origin's page, clicks `selector` and returns the dev host's answer. */
  async function statusAfterClick(origin: string, selector: string): Promise<number> {
    const page = await browser.newPage();
    try {
      await page.goto(origin);
      const [response] = await Promise.all([
        page.waitForEvent("response", (r) => r.url().startsWith(app.url)),
        page.click(selector),
      ]);
      return response.status();
    } finally {
      await page.close();
    }
  }

  it("answers a link from another origin with 403 and runs nothing", async () => {
    for (const origin of attackerOrigins)
      expect(await statusAfterClick(origin, "#link"), origin).toBe(403);
    expect(app.counter).toBe(0);
  });

  it("answers a form posted from another origin with 403 and changes nothing", async () => {
    for (const origin of attackerOrigins)
      expect(await statusAfterClick(origin, "#post"), origin).toBe(403);
    expect(app.faults).toBe("");
  });

  it("fills the form from a link to a write tool and calls it only on the person's click", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${app.url}/?tool=counter&args=${encodeURIComponent("{}")}`);
      await page.locator("body[data-ready='true']").waitFor({ timeout: 15_000 });
      expect(await page.locator("#tool-name").inputValue()).toBe("counter");
      // The description under the picker is the linked tool's, not the first tool's ("show").
      expect(await page.locator("#tool-description").innerText()).toBe("Counts calls.");
      expect(await page.locator("#link-notice").innerText()).toMatch(/may change data/);
      expect(await page.locator("#turns article").count()).toBe(0);
      expect(app.counter).toBe(0);
      await page.getByRole("button", { name: "Call tool" }).click();
      await page.locator("#turns article").first().waitFor({ timeout: 15_000 });
      await expect.poll(() => app.counter, { timeout: 15_000 }).toBe(1);
    } finally {
      await page.close();
    }
  });

  it("still runs a read-only tool straight from its link", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${app.url}/?tool=show&args=${encodeURIComponent('{"value":"x"}')}`);
      await page.locator("#turns article").first().waitFor({ timeout: 15_000 });
      expect(await page.locator("#link-notice").innerText()).toBe("");
    } finally {
      await page.close();
    }
  });
});
