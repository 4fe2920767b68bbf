import { defineConfig } from "vitest/config";

// `npm run test:browser`: the built widget in real Chromium (playwright-core, /usr/bin/chromium),
// driven from node. globalSetup builds dist/ when it is missing or stale.
export default defineConfig({
  test: {
    environment: "node",
    include: ["test/browser/**/*.test.ts"],
    globalSetup: ["test/browser/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser at a time on a shared machine.
    fileParallelism: false,
  },
});
