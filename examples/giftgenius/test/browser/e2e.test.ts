/**
 * End to end, in Chromium, through the dev host page (src/devhost) against the real GiftGenius
 * server (`server/main.ts`, started here on an ephemeral port with a temp
 * SQLite file, and its development authorization server), for both host protocols: the whole
 * purchase signed in (the page signs in through the sign-in popup when a tool needs it, as
 * ChatGPT links an account), a burst of confirms, a reload, a payment fault with its countdown
 * and retry, and bad arguments. Every step is screenshotted
 * into test-results/e2e/, and must end with no console error, no CSP violation (page or frame)
 * and no axe violation (page and frame).
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  chromium,
  type Browser,
  type Frame,
  type FrameLocator,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GOOD_SEARCH } from "../searches.ts";
import { startGiftGenius } from "./giftgenius-server.ts";
import { REPO } from "./targets.ts";
import {
  FIXTURE_WIDGET_HTML,
  startFixtureApp,
  type FixtureApp,
} from "../../../../test/devhost/support/fixture-app.ts";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";
import { buildDevPage } from "../../../../test/browser/dev-page.ts";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const SHOTS = join(REPO, "test-results", "e2e");
const GOOD_ARGS = GOOD_SEARCH;
const BAD_ARGS = {
  interests: ["books"],
  budget_min: -5,
  budget_max: -10,
  currency: "USD",
  age: 300,
};

type Protocol = "openai" | "mcp-apps";

let server: ChildProcess;
let baseUrl: string;
let browser: Browser;
let dataDir: string;

async function startServer(): Promise<void> {
  const started = await startGiftGenius(dataDir);
  server = started.process;
  baseUrl = started.baseUrl;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), "e2e-giftgenius-"));
  // The page is small and builds in about a second; always build it so the suite tests the source.
  buildDevPage();
  await startServer();
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  server?.kill("SIGTERM");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Opened {
  page: Page;
  problems: string[];
}

/** A fresh browser context (its own localStorage) with every problem recorded. */
async function open(): Promise<Opened> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1600 } });
  // Runs in every frame, the sandboxed widget included, before any of its scripts: the test's
  // own CSP listener, independent of the page's bootstrap that also reports violations.
  await context.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (event) =>
      w.__csp.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { page, problems };
}

function widgetFrame(page: Page): FrameLocator {
  return page.frameLocator("#turns article.turn:last-of-type iframe");
}

async function widgetFrameHandle(page: Page): Promise<Frame> {
  const element = await page.locator("#turns article.turn:last-of-type iframe").elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error("no widget frame");
  return frame;
}

async function goTo(
  page: Page,
  protocol: Protocol,
  tool: string,
  args: object,
  extra = "",
): Promise<void> {
  await page.goto(
    `${baseUrl}/?protocol=${protocol}${extra}&tool=${tool}&args=${encodeURIComponent(JSON.stringify(args))}`,
  );
}

/**
 * Signs in as `user` in the popup the page opens, after `trigger` (a click that needs auth,
 * or the Account panel's Sign in), and waits until the page says who is signed in.
 */
async function signIn(page: Page, user: "alice" | "bob", trigger: () => Promise<void>) {
  const popup = page.waitForEvent("popup", { timeout: 30_000 });
  await trigger();
  const signInPage = await popup;
  await signInPage.locator(`[data-user="${user}"]`).click({ timeout: 30_000 });
  await signInPage.locator('[data-action="allow"]').click({ timeout: 30_000 });
  await page.locator(`#account-status[data-signed-in="${user}"]`).waitFor({ timeout: 30_000 });
}

/** Waits until `locator` shows `text` (vitest has no Playwright web-first assertions). */
async function waitForText(locator: Locator, text: string): Promise<void> {
  await locator.filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function waitForState(page: Page, state: string): Promise<void> {
  await widgetFrame(page).locator(`[data-state="${state}"]`).first().waitFor({ timeout: 15_000 });
}

interface LoggedCall {
  tool: string;
  source: string;
  status: string;
  args: Record<string, unknown>;
  result: { structuredContent?: Record<string, unknown> } | null;
}

/** The page's call log, oldest first, parsed back from its <details> entries. */
async function callLog(page: Page): Promise<LoggedCall[]> {
  const entries = await page.locator("#call-log > li").evaluateAll((items) =>
    items.map((li) => {
      const [args, result] = [...li.querySelectorAll("pre")].map((pre) => pre.textContent ?? "");
      return {
        tool: li.getAttribute("data-tool") ?? "",
        source: li.getAttribute("data-source") ?? "",
        status: li.getAttribute("data-status") ?? "",
        args: args ?? "{}",
        result: result ?? "",
      };
    }),
  );
  return entries.reverse().map((entry) => ({
    ...entry,
    args: JSON.parse(entry.args) as Record<string, unknown>,
    result: entry.result.startsWith("{")
      ? (JSON.parse(entry.result) as LoggedCall["result"])
      : null,
  }));
}

async function axeViolations(target: Page | Frame, options: object): Promise<string[]> {
  // Evaluated by the driver, not as a page script, so each CSP stays exactly as served.
  await target.evaluate(AXE_SOURCE);
  return target.evaluate(async (runOptions) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            o: object,
          ): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"], ...runOptions });
    return result.violations.map(
      (v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`,
    );
  }, options);
}

/** Screenshot, then: no console or page error, no CSP violation anywhere, no axe violation. */
async function checkStep(opened: Opened, shot: string): Promise<void> {
  const { page, problems } = opened;
  // Not fullPage: Chromium resizes the viewport for that, and the widget frame relays out
  // mid-capture. The viewport is tall enough for the whole page instead.
  await page.screenshot({ path: join(SHOTS, `${shot}.png`) });
  const csp: string[] = [];
  for (const frame of page.frames())
    csp.push(
      ...(await frame
        .evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])
        .catch(() => [])),
    );
  const pageCounters = await page.evaluate(() => ({
    csp: document.body.dataset.cspViolations ?? "0",
    frameErrors: document.body.dataset.frameErrors ?? "0",
  }));
  const pageAxe = await axeViolations(page, { iframes: false });
  // WCAG A/AA for the widget: page-level best practices (one <h1>, landmarks) do not fit a card.
  const frameAxe = await axeViolations(await widgetFrameHandle(page), {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
  });
  expect({ shot, problems, csp, pageCounters, pageAxe, frameAxe }).toEqual({
    shot,
    problems: [],
    csp: [],
    pageCounters: { csp: "0", frameErrors: "0" },
    pageAxe: [],
    frameAxe: [],
  });
}

it("the page bundle needs no Node built-ins and no eval (it runs under script-src 'self')", () => {
  const assets = join(REPO, "dist", "devhost", "assets");
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(0);
  for (const name of scripts) {
    const code = readFileSync(join(assets, name), "utf8");
    expect(code).not.toMatch(/from\s*["']node:|require\(["']node:|import\(["']node:/);
    expect(code).not.toMatch(/\beval\(/);
  }
});

describe.each<Protocol>(["openai", "mcp-apps"])("the dev host with the %s protocol", (protocol) => {
  it("suggest → buy → confirm, a burst of confirms makes one order, and a reload keeps it", async () => {
    const opened = await open();
    const { page } = opened;
    await goTo(page, protocol, "suggest_gifts", GOOD_ARGS);
    await waitForState(page, "results");
    await waitForText(
      page.locator("#turns article.turn:last-of-type .model-text"),
      "prepare_order",
    );
    await checkStep(opened, `${protocol}-1-results`);
    // The pictures come from the server's own origin (/images/…), declared in the widget CSP.
    const picture = widgetFrame(page).locator("[data-gift-id] img").first();
    expect(await picture.getAttribute("src")).toMatch(
      new RegExp(`^${new URL(baseUrl).origin}/images/[a-z_]+\\.svg$`),
    );
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(320);

    const firstGift = widgetFrame(page).locator("[data-gift-id]").first();
    const giftId = await firstGift.getAttribute("data-gift-id");
    // Searching needed no sign-in; buying does: the page signs in, then retries the call.
    expect(await page.locator("#account-status").getAttribute("data-signed-in")).toBe("");
    await signIn(page, "alice", () => firstGift.locator('[data-action="prepare"]').click());
    await waitForState(page, "confirm");
    // Under MCP Apps the browser logs the one 401 that started the sign-in (the signal, not a
    // fault). Under ChatGPT's protocol the page sends ChatGPT's openai/* client hints, so the
    // server answers the refusal as a 200 result carrying the challenge, as ChatGPT reads it.
    const unauthorized = opened.problems.filter((p) => p.includes("status of 401"));
    expect(unauthorized).toHaveLength(protocol === "openai" ? 0 : 1);
    for (const seen of unauthorized) opened.problems.splice(opened.problems.indexOf(seen), 1);
    await checkStep(opened, `${protocol}-2-confirm`);

    // A burst: five clicks dispatched together, as a double- (or quintuple-) click would.
    const confirm = widgetFrame(page).locator('[data-action="confirm"]');
    await confirm.evaluate((button) => {
      for (let i = 0; i < 5; i++) (button as HTMLButtonElement).click();
    });
    await waitForState(page, "committed");
    await checkStep(opened, `${protocol}-3-committed`);

    const calls = await callLog(page);
    expect(calls.map((c) => `${c.source}:${c.tool}:${c.status}`)).toEqual([
      "page:suggest_gifts:ok",
      "widget:prepare_order:ok",
      "widget:commit_order:ok",
    ]);
    expect(calls[1]!.args).toMatchObject({ gift_id: giftId });
    const order = calls[2]!.result!.structuredContent!.order as { order_id: string };
    await waitForText(widgetFrame(page).locator("body"), order.order_id);

    await page.reload();
    await widgetFrame(page)
      .locator('[data-state]:not([data-state="loading"])')
      .first()
      .waitFor({ timeout: 15_000 });
    // The reload ran the link's suggest_gifts again and made no other call: no second order.
    const afterReload = await callLog(page);
    expect(afterReload.map((c) => `${c.source}:${c.tool}`)).toEqual([
      "page:suggest_gifts",
      "widget:prepare_order",
      "widget:commit_order",
      "page:suggest_gifts",
    ]);
    // Still signed in after the reload (the page keeps its tokens for the tab).
    await page.locator('#account-status[data-signed-in="alice"]').waitFor({ timeout: 15_000 });
    if (protocol === "openai") {
      // ChatGPT's widgetState comes back with the widget: the same order, shown at once.
      await waitForText(widgetFrame(page).locator("body"), order.order_id);
    } else {
      // MCP Apps has no widget state of its own; the kit keeps it in the frame's localStorage,
      // which the host kept for this widget across the reload.
      const kept = await page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([key]) => key.startsWith("devhost:frame-storage:"))
          .map(([, value]) => value)
          .join(""),
      );
      expect(kept).toContain(order.order_id);
      // The widget reads that state after its first render (it arrives with the tool
      // result) and then comes back to the same order.
      await waitForText(widgetFrame(page).locator("body"), order.order_id);
      await widgetFrame(page)
        .locator('[data-state="committed"]')
        .first()
        .waitFor({ timeout: 15_000 });
    }
    await checkStep(opened, `${protocol}-4-reloaded`);
    await page.context().close();
  });

  it("the model side lists no app-only tool; the widget's commit carries the proof and says app", async () => {
    const opened = await open();
    const { page } = opened;
    // A link to the app-only commit: the form (the model) neither lists nor runs it.
    await goTo(page, protocol, "commit_order", {
      draft_id: "drf_x",
      idempotency_key: "k-12345678",
    });
    await waitForText(page.locator("#link-notice"), "app-only");
    const listed = await page.locator("#tool-name option").allTextContents();
    expect(listed).toEqual(["suggest_gifts", "prepare_order", "order_status"]);
    expect(await callLog(page)).toEqual([]);
    await page.context().close();
  });

  it("a payment timeout: retryable error, countdown, retry with the same key, one order", async () => {
    const opened = await open();
    const { page } = opened;
    await goTo(page, protocol, "suggest_gifts", GOOD_ARGS);
    await waitForState(page, "results");
    await signIn(page, "bob", () => page.locator("#sign-in").click());
    await widgetFrame(page).locator('[data-action="prepare"]').first().click();
    await waitForState(page, "confirm");

    // The fault switch (dev only): the charge goes through, its answer is lost.
    await page.getByLabel("payments=timeout").check();
    await waitForText(page.locator("#fault-status"), "payments=timeout");
    await widgetFrame(page).locator('[data-action="confirm"]').click();
    await waitForState(page, "error");
    const retry = widgetFrame(page).locator('[data-action="retry"]');
    expect(await retry.isDisabled()).toBe(true); // counting down retry_after_seconds
    await checkStep(opened, `${protocol}-5-payment-timeout`);

    await page.getByLabel("payments=timeout").uncheck();
    await waitForText(page.locator("#fault-status"), "No faults");
    await expect.poll(() => retry.isEnabled(), { timeout: 10_000 }).toBe(true);
    await retry.click();
    await waitForState(page, "committed");
    await checkStep(opened, `${protocol}-6-retried`);

    const commits = (await callLog(page)).filter((c) => c.tool === "commit_order");
    expect(commits.map((c) => c.status)).toEqual(["isError", "ok"]);
    expect(commits[0]!.result!.structuredContent!.error).toMatchObject({
      code: "PAYMENT_TIMEOUT",
      retryable: true,
      changes: "unknown",
    });
    // The retry reused the key, so the charge that went through the first time is the order.
    expect(commits[1]!.args.idempotency_key).toBe(commits[0]!.args.idempotency_key);
    // Both from the widget, with the proof prepare_order's result gave it (never the model).
    expect(commits.map((c) => c.source)).toEqual(["widget", "widget"]);
    expect(typeof commits[0]!.args.confirmation).toBe("string");
    expect(commits[1]!.args.confirmation).toBe(commits[0]!.args.confirmation);
    await page.context().close();
  });

  it("bad arguments: the ErrorState lists every field problem; theme and locale switch live", async () => {
    const opened = await open();
    const { page } = opened;
    await page.goto(`${baseUrl}/?protocol=${protocol}&theme=dark`);
    await waitForText(page.locator("#connection-status"), "Connected");
    await page.getByLabel("Arguments (JSON)").fill(JSON.stringify(BAD_ARGS));
    await page.getByRole("button", { name: "Call tool" }).click();
    await waitForState(page, "error");

    const [call] = await callLog(page);
    expect(call).toMatchObject({ tool: "suggest_gifts", status: "isError" });
    const error = call!.result!.structuredContent!.error as {
      code: string;
      retryable: boolean;
      field_errors: Array<{ field: string }>;
    };
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", retryable: false });
    const fields = error.field_errors.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(["budget_min", "age", "relationship_type"]));
    // The fields sit in the error's panel (a region named by its title), beside its alert.
    const listed = await widgetFrame(page).getByRole("region").locator("li").allTextContents();
    // The person reads each field in plain words ("budget min"), never the wire name.
    for (const words of ["budget min", "age", "relationship type"])
      expect(listed.some((text) => text.trim().startsWith(words))).toBe(true);
    expect(listed.filter((text) => text.includes("_"))).toEqual([]);
    expect(await widgetFrame(page).locator('[data-action="retry"]').count()).toBe(0);
    // The link in the address bar reproduces this call.
    expect(new URL(page.url()).searchParams.get("tool")).toBe("suggest_gifts");
    await checkStep(opened, `${protocol}-7-bad-arguments-dark`);

    // Host controls reach the running widget without a reload (openai:set_globals, or
    // ui/notifications/host-context-changed).
    expect(await widgetFrame(page).locator(".wk-root").getAttribute("data-theme")).toBe("dark");
    await page.getByLabel("Theme").selectOption("light");
    await page.getByLabel("Locale").selectOption("vi");
    await widgetFrame(page)
      .locator('.wk-root[data-theme="light"][lang^="vi"]')
      .waitFor({ timeout: 15_000 });
    await checkStep(opened, `${protocol}-8-bad-arguments-light-vi`);
    await page.context().close();
  });
});

// Negative controls: the same checks must see a widget that breaks its CSP, and the frame must
// be shut off from the page. A tiny fixture app (test/devhost/support) stands in for the real one.
describe.each<Protocol>(["openai", "mcp-apps"])(
  "the dev host's checks and sandbox (%s, fixture app)",
  (protocol) => {
    let fixture: FixtureApp;
    const misbehaving = FIXTURE_WIDGET_HTML.replace(
      "</main>",
      '<img src="https://undeclared.example/pixel.png" alt=""></main>',
    );

    beforeAll(async () => {
      fixture = await startFixtureApp({}, "127.0.0.1", misbehaving);
    });
    afterAll(() => fixture?.close());

    it("catches a CSP violation, keeps the frame in an opaque origin, and relays host requests", async () => {
      const { page, problems } = await open();
      await page.goto(
        `${fixture.url}/?protocol=${protocol}&tool=show&args=${encodeURIComponent('{"value":"x"}')}`,
      );
      const frame = page.frameLocator("#turns article.turn:last-of-type iframe");
      await frame.locator('#root[data-state="results"]').waitFor({ timeout: 15_000 });

      // The violation is seen three ways: the page's bootstrap relay, the test's own listener in
      // the frame, and Chromium's console error.
      await page.locator("body[data-csp-violations]").waitFor({ timeout: 15_000 });
      const handle = await widgetFrameHandle(page);
      expect(
        await handle.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
      ).toContain("img-src https://undeclared.example/pixel.png");
      expect(problems.some((p) => p.includes("Content Security Policy"))).toBe(true);

      // Opaque origin: no way into the page, no real storage (the host's emulated one instead).
      expect(await handle.evaluate(() => origin)).toBe("null");
      expect(
        await handle.evaluate(() => {
          try {
            return String(window.parent.document.title);
          } catch {
            return "blocked";
          }
        }),
      ).toBe("blocked");

      await frame.locator("#fullscreen").click();
      await frame.locator('#root[data-granted="fullscreen"]').waitFor({ timeout: 15_000 });
      expect(await page.getByLabel("Display mode").inputValue()).toBe("fullscreen");
      // The slot keeps no box of its own: the frame is fixed over the page.
      await page
        .locator('.widget-slot[data-display-mode="fullscreen"]')
        .waitFor({ state: "attached" });
      await page.getByRole("button", { name: "Back to inline" }).click();
      expect(await page.getByLabel("Display mode").inputValue()).toBe("inline");

      await frame.locator("#ask").click();
      await waitForText(page.locator("#turns"), "more please");
      await frame.locator("#count-button").click();
      await waitForText(frame.locator("#count"), '"count":1');
      const calls = await callLog(page);
      expect(calls.map((c) => `${c.source}:${c.tool}:${c.status}`)).toEqual([
        "page:show:ok",
        "widget:counter:ok",
      ]);
      await page.context().close();
    });
  },
);

describe("the payment sheet, played by the dev host (ChatGPT protocol)", () => {
  it("sign in, prepare, decline then pay on the sheet: the widget shows the order; sent again → replayed, one order", async () => {
    const opened = await open();
    const { page } = opened;
    await goTo(page, "openai", "suggest_gifts", GOOD_ARGS, "&checkout=sheet");
    await waitForState(page, "results");
    const firstGift = widgetFrame(page).locator("[data-gift-id]").first();
    await signIn(page, "alice", () => firstGift.locator('[data-action="prepare"]').click());
    await waitForState(page, "confirm");
    // Confirm: the widget asks for the session (with the person's proof) and opens the sheet.
    await widgetFrame(page).locator('[data-action="confirm"]').click();
    const sheet = page.locator("#payment-sheet");
    await sheet.waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(SHOTS, "openai-sheet-1-open.png") });
    // A declined card: the sheet shows the server's message and stays open; nothing is bought.
    await sheet.locator('[data-sheet="decline"]').click();
    await waitForText(page.locator("#payment-sheet-message"), "declined");
    await sheet.locator('[data-sheet="pay"]').click();
    await waitForState(page, "committed");
    // After paying, the widget reads the order once (order_status) to keep it as its receipt;
    // that read may land just after the committed state shows.
    await expect
      .poll(async () => (await callLog(page)).map((c) => `${c.source}:${c.tool}`), {
        timeout: 10_000,
      })
      .toEqual([
        "page:suggest_gifts",
        "widget:prepare_order",
        "widget:start_checkout",
        "widget:complete_checkout",
        "widget:complete_checkout",
        "widget:order_status",
      ]);
    const calls = await callLog(page);
    expect(calls[3]!.result!.structuredContent).toMatchObject({
      status: "ready_for_payment",
      messages: [{ code: "payment_declined" }],
    });
    const paid = calls[4]!.result!.structuredContent!.order as { id: string };
    expect(calls[5]!.result!.structuredContent).toMatchObject({
      ok: true,
      order: { order_id: paid.id },
    });
    await waitForText(widgetFrame(page).locator("body"), paid.id);
    await checkStep(opened, "openai-sheet-2-paid");
    // ChatGPT may send complete_checkout again: the same order, replayed — never a second one.
    await sheet.locator('[data-sheet="again"]').click();
    await waitForText(page.locator("#payment-sheet-message"), `Sent again. Paid: order ${paid.id}`);
    const again = (await callLog(page)).at(-1)!;
    expect(again.tool).toBe("complete_checkout");
    expect(again.result!.structuredContent).toMatchObject({ status: "completed", order: paid });
    await page.screenshot({ path: join(SHOTS, "openai-sheet-3-again.png") });
    await page.context().close();
  });
});
