/**
 * `npm test`: GiftGenius' own tests under test/ (vite.config.ts is the widget build, rooted in
 * widget/). The kit resolves through node_modules to its build, as in any app.
 */
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  test: {
    include: ["test/**/*.test.{ts,tsx}"],
    // Chromium's suites: `npm run test:visual` (vitest.visual.config.ts) and
    // `npm run test:browser` (vitest.browser.config.ts).
    exclude: ["test/visual/**", "test/browser/**", "node_modules/**"],
    testTimeout: 30_000,
  },
});
