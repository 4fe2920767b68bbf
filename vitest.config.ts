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
    // templates/*/test: the apps `create` writes, tested against the sources here.
    include: ["test/**/*.test.{ts,tsx}", "templates/*/test/**/*.test.{ts,tsx}"],
    exclude: [
      "test/browser/**",
      "test/deploy/**",
      "test/second-app/**",
      "test/runtimes/**",
      "test/visual/**",
      "node_modules/**",
    ],
    setupFiles: ["test/setup.ts"],
    testTimeout: 30_000,
    // Type tests (`*.test-d.ts`, expectTypeOf): tsc checks them as part of every run.
    typecheck: {
      enabled: true,
      include: ["test/**/*.test-d.{ts,tsx}"],
      tsconfig: "./tsconfig.json",
    },
  },
});
