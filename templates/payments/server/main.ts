/**
 * The app's MCP server, through the kit's `serveApp`: Streamable HTTP on `HOST`:`PORT`
 * (default 127.0.0.1:8788; `0` picks a free one), or stdio with `--stdio`. It serves the built
 * widget (`npm run build` first), `/healthz`, and the names in `ALLOWED_HOSTS`; quotes,
 * idempotency records and the fake provider's ledger live in SQLite (`SQLITE_FILE`, default
 * `data/payments.sqlite`) or PostgreSQL (`DATABASE_URL`), and the reconciler finishes the
 * sends left in doubt. It prints the endpoint URL on stdout (`mcp-widget-kit dev` reads it).
 * Production (any `NODE_ENV` but development or test) refuses to start without
 * `CONFIRMATION_SECRET`, `AUTH_ISSUER` and `AUTH_AUDIENCE`; the settings: the kit's
 * docs/deploy.md (`node_modules/mcp-widget-kit/docs/deploy.md`).
 */
import { serveApp, startReconciler } from "mcp-widget-kit/server";
import { reconcileOptions } from "./reconcile.ts";
import { createPaymentsServer } from "./tools.ts";
import { TRANSFER_SCOPE } from "./transfer.ts";

await serveApp({
  name: "payments",
  title: "Payments",
  scopes: [TRANSFER_SCOPE],
  port: 8788,
  dist: new URL("../dist/", import.meta.url),
  sqliteFile: new URL("../data/payments.sqlite", import.meta.url),
  open: ({ appOptions, store }) => {
    const tools = createPaymentsServer(appOptions());
    const reconciler = startReconciler(reconcileOptions(store(), tools.reconciler));
    // Expired quotes go with the kit's records, in bounded batches.
    return { tools, purges: tools.purges, close: () => reconciler.stop() };
  },
});
