/**
 * The dev page at a laptop's width, and while it waits, in Chromium: at 1280×800 nothing
 * scrolls sideways (a control at its longest option's width once did); until the app's
 * server answers it says which request to which URL it waits for (initialize, then
 * tools/list), with the seconds waited, and the tool list says it waits too; while a call
 * waits for the person to sign in it says where, and afterwards that it is connected again.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevHostHandler } from "../../src/devhost/index.ts";
import { startFixtureApp, type FixtureApp } from "../devhost/support/fixture-app.ts";
import { startTwoScopeWallet } from "../server/oauth-test-client.ts";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { buildDevPage } from "./dev-page.ts";

let app: FixtureApp;
let browser: Browser;
let gated: Server;
let gatedUrl = "";
let wallet: Awaited<ReturnType<typeof startTwoScopeWallet>>;

/** Requests to the gated server's /mcp wait until their method's gate opens. */
const gates = new Map<string, { open(): void; opened: Promise<void> }>();
function gate(method: string) {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  gates.set(method, { open, opened });
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A dev host in front of the fixture app's MCP endpoint, holding what a gate holds. */
async function startGated(): Promise<void> {
  const devHost = createDevHostHandler({ appName: "Gated" });
  gated = createServer((req, res) => {
    void (async () => {
      if (await devHost(req, res)) return;
      const body = await bodyOf(req);
      const text = body.toString("utf8");
      for (const [method, { opened }] of gates)
        if (text.includes(`"method":"${method}"`)) await opened;
      const headers = new Headers();
      for (const name of ["content-type", "accept", "mcp-protocol-version", "mcp-session-id"])
        if (typeof req.headers[name] === "string") headers.set(name, req.headers[name]);
      const answer = await fetch(`${app.url}/mcp`, {
        method: req.method ?? "POST",
        headers,
        ...(body.length > 0 ? { body: new Uint8Array(body) } : {}),
      });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => gated.listen(0, "127.0.0.1", resolve));
  gatedUrl = `http://127.0.0.1:${(gated.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  buildDevPage();
  app = await startFixtureApp();
  await startGated();
  wallet = await startTwoScopeWallet((issuer) =>
    createDevHostHandler({ appName: "Wallet", authorizationServers: [issuer] }),
  );
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  for (const { open } of gates.values()) open();
  await browser?.close();
  gated?.closeAllConnections();
  await new Promise<void>((resolve) => (gated ? gated.close(() => resolve()) : resolve()));
  await wallet?.close();
  await app?.close();
});

const status = (page: Page) => page.locator("#connection-status").innerText();

/** Whether the page scrolls sideways. */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe("the dev page at 1280 px", () => {
  it("does not scroll sideways, before and after a call, light and dark", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${app.url}/`);
      await page.locator("body[data-ready='true']").waitFor({ timeout: 15_000 });
      expect(await overflows(page)).toBe(false);
      await page.getByRole("button", { name: "Call tool" }).click();
      await page.locator("#turns article").first().waitFor({ timeout: 15_000 });
      await page.locator("#setting-theme").selectOption("dark");
      await page.locator("#setting-protocol").selectOption("mcp-apps");
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: "test-results/devhost-1280.png" });
    } finally {
      await page.close();
    }
  });
});

describe("the dev page while it waits", () => {
  it("says which request it waits for, and where, until the tools are listed", async () => {
    gate("initialize");
    gate("tools/list");
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${gatedUrl}/`);
      const endpoint = `${gatedUrl}/mcp`;
      await expect
        .poll(() => status(page), { timeout: 15_000 })
        .toBe(`Waiting for the app's server at ${endpoint} to answer initialize…`);
      expect(await page.locator("#tool-name").innerText()).toBe("Waiting for the app's tools…");
      gates.get("initialize")!.open();
      await expect
        .poll(() => status(page), { timeout: 15_000 })
        .toMatch(`Waiting for the app's server at ${endpoint} to answer tools/list…`);
      // Still waiting a second later: it counts.
      await expect
        .poll(() => status(page), { timeout: 5_000 })
        .toMatch(/to answer tools\/list… \(\d+ s\)$/);
      expect(await overflows(page)).toBe(false);
      await page.screenshot({ path: "test-results/devhost-waiting.png" });
      gates.get("tools/list")!.open();
      await page.locator("body[data-ready='true']").waitFor({ timeout: 15_000 });
      // confirm_note (app-only) is listed by the server but not offered to the model.
      expect(await status(page)).toBe("Connected to /mcp: 4 tools.");
      expect(await page.locator("#tool-name option").allInnerTexts()).toEqual([
        "show",
        "note",
        "counter",
      ]);
    } finally {
      await page.close();
    }
  });

  it("says where it waits for the person to sign in, then that it is connected", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      const origin = new URL(wallet.endpoint.url).origin;
      const popup = page.waitForEvent("popup", { timeout: 30_000 });
      await page.goto(`${origin}/?tool=read_wallet&args=${encodeURIComponent("{}")}`);
      const signIn = await popup;
      await signIn.waitForLoadState("domcontentloaded");
      const issuer = new URL(signIn.url()).origin;
      await expect
        .poll(() => status(page), { timeout: 15_000 })
        .toMatch(`Waiting for you to sign in at ${issuer} (the sign-in window)…`);
      await page.screenshot({ path: "test-results/devhost-sign-in-wait.png" });
      const user = signIn.locator('[data-user="alice"]');
      const allow = signIn.locator('[data-action="allow"]');
      await user.or(allow).first().waitFor({ timeout: 30_000 });
      if (await user.isVisible()) await user.click();
      await allow.click({ timeout: 30_000 });
      await page.locator('#account-status[data-signed-in="alice"]').waitFor({ timeout: 30_000 });
      await expect.poll(() => status(page), { timeout: 15_000 }).toMatch(/^Connected to \/mcp: /);
    } finally {
      await page.close();
    }
  });
});
