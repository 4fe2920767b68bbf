import { defineConfig } from "vitest/config";
import { kitAliases } from "../../scripts/kit-aliases.ts";

// `npm run test:deploy`: GiftGenius as it runs in production — behind Caddy with TLS, two
// processes on one PostgreSQL, an outside identity provider — driven by the MCP SDK client.
// Needs caddy, openssl and DATABASE_URL (.ci/run provides them); not part of npm test.
export default defineConfig({
  resolve: { alias: kitAliases() },
  test: {
    globals: true,
    environment: "node",
    include: ["test/deploy/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
