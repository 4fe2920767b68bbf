/**
 * Story tests (`npm run test:stories`): every story in `stories/` runs in Chromium through
 * @storybook/addon-vitest — rendered with its decorators, its `play` function run, and axe
 * run on the result (`parameters.a11y.test = "error"`: any violation fails the story).
 * Generated fixture stories (see .storybook/fixture-stories.ts) are one test per JSON file.
 * Every story runs under three host settings (HOSTS below), as three vitest projects.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import { playwright } from "@vitest/browser-playwright";
import { chromiumLaunchOptions } from "./test/support/chromium.ts";
import { kitAliases } from "./scripts/kit-aliases.ts";

const root = path.dirname(fileURLToPath(import.meta.url));

/** The system Chromium, never a downloaded one; flags keep it quiet and offline. */
const chromium = playwright({ launchOptions: chromiumLaunchOptions });

/**
 * The host settings each story is tested under. Light through the mock host is the baseline;
 * dark through the real openai adapter checks contrast in the dark theme and the
 * `window.openai` path; MCP Apps runs the real adapter against the official AppBridge. Stories
 * that pin a global (`globals: {...}`) keep it. English throughout: play functions read text.
 */
const HOSTS = {
  "light-mock": { theme: "light", protocol: "mock" },
  "dark-openai": { theme: "dark", protocol: "openai" },
  "light-mcp-apps": { theme: "light", protocol: "mcp-apps" },
} as const;

export default defineConfig({
  test: {
    projects: Object.entries(HOSTS).map(([name, globals]) => ({
      plugins: [
        react(),
        storybookTest({ configDir: path.join(root, ".storybook"), initialGlobals: globals }),
      ],
      resolve: { alias: kitAliases() },
      // mcp-widget-kit/testing imports the MCP client lazily (recordFixtures, Node only). Left to
      // discovery, Vite finds that import mid-run, re-optimizes and reloads the page, failing
      // whichever test was running; no browser test loads it, so it is never pre-bundled.
      optimizeDeps: { exclude: ["@modelcontextprotocol/client"] },
      test: {
        name: `stories:${name}`,
        browser: {
          enabled: true,
          headless: true,
          provider: chromium,
          instances: [{ browser: "chromium" as const }],
        },
        // One Chromium page at a time: the machine is shared.
        fileParallelism: false,
        testTimeout: 30_000,
      },
    })),
  },
});
