/**
 * The dev page the dev-host suites load, built from the kit's sources (`dist/devhost/`, as
 * `npm run build:devhost` builds it), so a suite always checks what the package would ship.
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { startFixtureApp, type FixtureApp } from "../devhost/support/fixture-app.ts";
import { chromiumLaunchOptions } from "../support/chromium.ts";

/** The kit's repository root (this file is `test/browser/dev-page.ts`). */
export const REPO = fileURLToPath(new URL("../..", import.meta.url));

/** Builds the dev page (`dist/devhost/`) from the sources. */
export function buildDevPage(): void {
  execFileSync(
    join(REPO, "node_modules/.bin/vite"),
    ["build", "-c", "vite.devhost.config.ts", "--logLevel", "warn"],
    { cwd: REPO, stdio: "inherit" },
  );
}

/**
 * For a suite on the dev host's fixture app in Chromium: builds the dev page, starts the app
 * and the browser before the suite and ends them after it. Call at the suite's top level; the
 * function it returns gives both once started.
 */
export function withFixtureAppInChromium(): () => { app: FixtureApp; browser: Browser } {
  let app: FixtureApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    buildDevPage();
    app = await startFixtureApp();
    browser = await chromium.launch(chromiumLaunchOptions);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
  return () => {
    if (!app || !browser) throw new Error("the fixture app and Chromium are not started yet");
    return { app, browser };
  };
}
