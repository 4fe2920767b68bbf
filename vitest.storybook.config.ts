/**
 * Story tests (`npm run test:stories`): every story in `stories/` runs in Chromium through
 * @storybook/addon-vitest — rendered with its decorators, its `play` function run, and axe
 * run on the result (`parameters.a11y.test = "error"`: any violation fails the story).
 * Generated fixture stories (see .storybook/fixture-stories.ts) are one test per JSON file.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";

const root = path.dirname(fileURLToPath(import.meta.url));

/** The system Chromium, never a downloaded one; flags keep it quiet and offline. */
const chromium = playwright({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
});

export default defineConfig({
  plugins: [react(), storybookTest({ configDir: path.join(root, ".storybook") })],
  test: {
    name: "storybook",
    browser: {
      enabled: true,
      headless: true,
      provider: chromium,
      instances: [{ browser: "chromium" }],
    },
    // One Chromium page at a time: the machine is shared.
    fileParallelism: false,
    testTimeout: 30_000,
  },
});
