/**
 * Visual snapshots (`npm run test:visual`): the recorded states of the kit's fixture shop widget in
 * Chromium (Vitest browser mode, the system Chromium), light and dark, each compared with a
 * committed reference PNG by `toMatchScreenshot` (pixelmatch). A failing comparison writes the
 * new screenshot and the diff under test-results/visual/. `npm run snapshots:update` rewrites
 * the references after an intended change.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { kitAliases } from "./scripts/kit-aliases.ts";
import { chromiumLaunchOptions } from "./test/support/chromium.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: kitAliases() },
  // mcp-widget-kit/testing imports the MCP client lazily (recordFixtures, Node only). Left to
  // discovery, Vite finds that import mid-run, re-optimizes and reloads the page, failing
  // whichever test was running; no browser test loads it, so it is never pre-bundled.
  optimizeDeps: { exclude: ["@modelcontextprotocol/client"] },
  // The fixture shop's widget shows no pictures (GiftGenius' visual suite is its package's).
  publicDir: false,
  test: {
    include: ["test/visual/**/*.test.tsx"],
    // The widget's own stylesheets are what these pictures are about (Vitest skips CSS by default).
    css: true,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: chromiumLaunchOptions,
        // Dates and numbers format the same on every machine.
        contextOptions: { timezoneId: "UTC", locale: "en-US" },
      }),
      instances: [{ browser: "chromium" as const, viewport: { width: 420, height: 720 } }],
      expect: {
        toMatchScreenshot: {
          comparatorName: "pixelmatch",
          // Small tolerance: a pixel counts as changed past pixelmatch's default colour distance
          // (0.1; at 0.2 the accent blue → green still passed), and 25 changed pixels pass, for
          // another Chromium build's anti-aliasing. A changed price ("$13.53" → "USD 13.53") is
          // 110+ pixels, a word ~1,400.
          comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 25 },
          resolveScreenshotPath: ({ arg, ext }) =>
            path.join(root, "test/snapshots/visual", `${arg}${ext}`),
          resolveDiffPath: ({ arg, ext }) => path.join(root, "test-results/visual", `${arg}${ext}`),
        },
      },
    },
    attachmentsDir: path.join(root, "test-results/vitest-attachments"),
    // One Chromium page at a time: the machine is shared.
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
