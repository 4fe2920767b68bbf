import { defineConfig } from "vitest/config";

// `npm run test:runtimes`: GiftGenius' fetch entry under Bun and Deno (installed from their npm
// packages into .tmp/runtimes on first run) on PostgreSQL. Not part of npm test: it downloads
// the runtimes once and needs DATABASE_URL (.ci/run sets both up).
export default defineConfig({
  test: {
    globals: true,
    environment: "node",
    include: ["test/runtimes/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
