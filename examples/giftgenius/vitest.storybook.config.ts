/**
 * `npm run test:stories`: every story of stories/ in the system Chromium through
 * @storybook/addon-vitest — rendered with its decorators and its `play` function run; a
 * generated recording story is one test per file of test/fixtures.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { chromiumLaunchOptions } from "../../test/support/chromium.ts";

const app = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react(), storybookTest({ configDir: path.join(app, ".storybook") })],
  // mcp-widget-kit/testing imports the MCP client lazily (Node only); no story loads it.
  optimizeDeps: { exclude: ["@modelcontextprotocol/client"] },
  test: {
    name: "giftgenius-stories",
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({ launchOptions: chromiumLaunchOptions }),
      instances: [{ browser: "chromium" as const }],
    },
    // One Chromium page at a time: the machine is shared.
    fileParallelism: false,
    testTimeout: 30_000,
  },
});
