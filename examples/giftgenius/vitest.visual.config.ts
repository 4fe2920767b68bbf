/**
 * Visual snapshots (`npm run test:visual`): chosen fixture states of the GiftGenius widget in
 * Chromium (Vitest browser mode, the system Chromium: CHROMIUM_PATH or /usr/bin/chromium),
 * light and dark, each compared with a committed reference PNG by `toMatchScreenshot`
 * (pixelmatch). A failing comparison writes the new screenshot and the diff under
 * test-results/visual/; `npm run test:visual -- --update` rewrites the references after an
 * intended change.
 */
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";

const app = fileURLToPath(new URL(".", import.meta.url));

/** Debian's Chromium, headless, kept from reaching the network on its own. */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
};

export default defineConfig({
  plugins: [react()],
  // mcp-widget-kit/testing imports the MCP client lazily (recordFixtures, Node only). Left to
  // discovery, Vite finds that import mid-run, re-optimizes and reloads the page, failing
  // whichever test was running; no browser test loads it, so it is never pre-bundled.
  optimizeDeps: { exclude: ["@modelcontextprotocol/client"] },
  // Vite serves public/ (the gift pictures) at /images/…, as the server does.
  publicDir: join(app, "public"),
  test: {
    include: ["test/visual/**/*.test.tsx"],
    // The widget's own stylesheets are what these pictures are about (Vitest skips CSS by default).
    css: true,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions,
        // Dates and numbers format the same on every machine.
        contextOptions: { timezoneId: "UTC", locale: "en-US" },
      }),
      instances: [{ browser: "chromium" as const, viewport: { width: 420, height: 720 } }],
      expect: {
        toMatchScreenshot: {
          comparatorName: "pixelmatch",
          // A pixel counts as changed past pixelmatch's colour distance 0.1; 25 changed pixels
          // pass, for another Chromium build's anti-aliasing (a changed price is 110+ pixels).
          comparatorOptions: { threshold: 0.1, allowedMismatchedPixels: 25 },
          resolveScreenshotPath: ({ arg, ext }) =>
            join(app, "test/snapshots/visual", `${arg}${ext}`),
          resolveDiffPath: ({ arg, ext }) => join(app, "test-results/visual", `${arg}${ext}`),
        },
      },
    },
    attachmentsDir: join(app, "test-results/vitest-attachments"),
    // One Chromium page at a time: the machine is shared.
    fileParallelism: false,
    testTimeout: 60_000,
  },
});
