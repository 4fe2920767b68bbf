/**
 * `npm run test:browser`: GiftGenius in real Chromium (playwright-core, the system Chromium),
 * driven from node — its built widget (React and Preact) over every sample and recording, the
 * real server behind the kit's dev page, and the repository's `npm start` loop. globalSetup
 * builds dist/ when it is missing or older than its sources.
 */
import { defineConfig } from "vitest/config";

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
