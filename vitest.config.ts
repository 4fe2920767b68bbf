import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { kitAliases } from "./scripts/kit-aliases.ts";

// The jsdom/node suite that `npm test` runs. Browser suites have their own configs.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: kitAliases() },
  test: {
    globals: true,
    environment: "node",
    include: ["test/**/*.test.{ts,tsx}"],
    exclude: ["test/browser/**", "test/visual/**", "node_modules/**"],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
  },
});
