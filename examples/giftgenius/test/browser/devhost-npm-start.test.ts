/**
 * Live reload under the repository's own `npm start`, in Chromium: the dev loop GiftGenius'
 * "start" script runs (`mcp-widget-kit dev --app-page` around the GiftGenius server, which serves the
 * dev page itself) rebuilds the widget after an edit, and the open page shows the edit without
 * a reload, with the same tool output and without calling the tool again. The edit goes to a
 * copy of the GiftGenius widget (WIDGET_ROOT) built into a temp folder (WIDGET_OUT_DIR, read
 * by the server as WIDGET_DIST), never to the repository's sources.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumLaunchOptions } from "../../../../test/support/chromium.ts";
import { buildDevPage } from "../../../../test/browser/dev-page.ts";
import { SUGGEST_ARGS } from "./giftgenius-server.ts";
import { GIFTGENIUS, REPO } from "./targets.ts";

let work: string;
let loop: ChildProcess;
let baseUrl: string;
let browser: Browser;

/** The dev loop of GiftGenius' "start" (the root's `npm start` runs it): what follows its builds. */
function startScriptLoop(): string {
  const { scripts } = JSON.parse(readFileSync(join(GIFTGENIUS, "package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const loopCommand = scripts.start.split(" && ").at(-1)!;
  expect(loopCommand).toMatch(/mcp-widget-kit(\.js)? dev --app-page/);
  return loopCommand;
}

beforeAll(async () => {
  // Inside the repository, so the copy resolves the repository's node_modules.
  mkdirSync(join(REPO, ".tmp"), { recursive: true });
  work = mkdtempSync(join(REPO, ".tmp", "npm-start-"));
  cpSync(GIFTGENIUS, join(work, "giftgenius"), { recursive: true });
  buildDevPage();
  loop = spawn(startScriptLoop(), {
    cwd: GIFTGENIUS,
    shell: true,
    detached: true,
    env: {
      ...process.env,
      // What npm gives a script: the repository's bins on PATH, and no NODE_ENV of its own.
      PATH: `${join(REPO, "node_modules/.bin")}:${process.env.PATH ?? ""}`,
      NODE_ENV: "",
      PORT: "0",
      HOST: "127.0.0.1",
      AUTH_DEV_PORT: "0",
      SQLITE_FILE: join(work, "giftgenius.sqlite"),
      DATABASE_URL: "", // its own database, never CI's shared one (giftgenius-server.ts says why)
      GIFTGENIUS_FAULTS: "",
      WIDGET_ROOT: join(work, "giftgenius/widget"),
      WIDGET_OUT_DIR: join(work, "dist"),
      WIDGET_DIST: join(work, "dist"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  loop.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  baseUrl = await new Promise<string>((resolve, reject) => {
    loop.once("exit", (code) => reject(new Error(`npm start's loop exited (${code}): ${output}`)));
    loop.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      // The listening line, its fields in any order (the logger puts time, level and event last).
      const listening = /^(?=.*"event":"listening").*"url":"(http:\/\/[^"]+)\/mcp"/m.exec(output);
      if (listening) resolve(listening[1]!);
    });
  });
  browser = await chromium.launch(chromiumLaunchOptions);
});

afterAll(async () => {
  await browser?.close();
  // The loop stops the server's process group with itself.
  if (loop?.pid !== undefined && loop.exitCode === null) {
    const exited = new Promise((resolve) => loop.once("exit", resolve));
    process.kill(-loop.pid, "SIGTERM");
    await exited;
  }
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("npm start", () => {
  it("shows a widget edit in the open page by itself, keeping the tool output", async () => {
    const page = await browser.newPage();
    await page.goto(
      `${baseUrl}/?tool=suggest_gifts&args=${encodeURIComponent(JSON.stringify(SUGGEST_ARGS))}`,
    );
    const frame = page.frameLocator("#turns article.turn:last-of-type iframe");
    const buy = frame.locator('[data-action="prepare"]').first();
    // The button's visible word (its accessible name adds the gift's, visually hidden).
    const word = async () => (await buy.innerText()).split("\n")[0];
    await buy.waitFor({ timeout: 20_000 });
    expect(await word()).toBe("Buy");
    const firstGift = await frame.locator("[data-gift-id]").first().getAttribute("data-gift-id");

    const messages = join(work, "giftgenius/widget/messages.ts");
    writeFileSync(
      messages,
      readFileSync(messages, "utf8").replace('buy: "Buy",', 'buy: "Buy it",'),
    );

    await expect
      .poll(() => page.locator("body").getAttribute("data-widget-reloads"), { timeout: 60_000 })
      .toBe("1");
    await expect.poll(word, { timeout: 15_000 }).toBe("Buy it");
    expect(await frame.locator("[data-gift-id]").first().getAttribute("data-gift-id")).toBe(
      firstGift,
    );
    expect(await page.locator('#call-log > li[data-tool="suggest_gifts"]').count()).toBe(1);
    await page.close();
  });
});
