import { defineConfig } from "vitest/config";

// `npm run test:second-app`: the packed kit installed from the npm registry into a fresh app
// of another domain, outside the repository (network; several minutes). Not part of npm test.
export default defineConfig({
  test: {
    environment: "node",
    include: ["test/second-app/**/*.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
