/**
 * The app's MCP server, through the kit's `serveApp`: Streamable HTTP on `HOST`:`PORT`
 * (default 127.0.0.1:8788; `0` picks a free one), or stdio with `--stdio`. It serves the built
 * widget (`npm run build` first), `/healthz`, and the names in `ALLOWED_HOSTS`; bookings and
 * their idempotency records live in SQLite (`SQLITE_FILE`, default `data/bookings.sqlite`) or
 * PostgreSQL (`DATABASE_URL`). It prints the endpoint URL on stdout (`mcp-widget-kit dev` reads
 * it). Production (any `NODE_ENV` but development or test) refuses to start without
 * `CONFIRMATION_SECRET`, `AUTH_ISSUER` and `AUTH_AUDIENCE`; the settings: the kit's
 * docs/deploy.md (`node_modules/mcp-widget-kit/docs/deploy.md`).
 */
import { serveApp } from "mcp-widget-kit/server";
import { BOOKING_SCOPE } from "./book-flight.ts";
import { createFlightsServer } from "./tools.ts";

await serveApp({
  name: "flights",
  title: "Flights",
  scopes: [BOOKING_SCOPE],
  port: 8788,
  dist: new URL("../dist/", import.meta.url),
  sqliteFile: new URL("../data/bookings.sqlite", import.meta.url),
  open: ({ appOptions }) => createFlightsServer(appOptions()),
});
