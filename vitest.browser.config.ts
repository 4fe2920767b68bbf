import { defineConfig } from "vitest/config";

// `npm run test:browser`: the kit in real Chromium (playwright-core, /usr/bin/chromium), driven
// from node — the bridge, CORS on /mcp, and the dev page around the kit's fixture apps.
// GiftGenius' browser suites are its package's (`npm run test:browser -w giftgenius`).
export default defineConfig({
  test: {
    environment: "node",
    include: ["test/browser/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One browser at a time on a shared machine.
    fileParallelism: false,
  },
});
