import { defineConfig } from "vitest/config";

// The bridge's real-browser suite (Chromium via playwright-core, driven from node).
// Not part of `npm test`: run with `npm run test:browser:bridge`.
export default defineConfig({
  test: {
    environment: "node",
    include: ["test/browser/bridge.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
