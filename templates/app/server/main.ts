/**
 * The app's MCP server over Streamable HTTP on 127.0.0.1 (`PORT`, default 8788; `0` picks a
 * free one), with the built widget as its resources (`npm run build` first; a rebuild is
 * served on the next read). Bookings' idempotency records live in SQLite (`SQLITE_FILE`,
 * default `data/bookings.sqlite`). Prints the endpoint URL on stdout once it listens —
 * `mcp-widget-kit dev` reads it from there.
 *
 * Booking needs a signed-in person: with `AUTH_ISSUER` and `AUTH_AUDIENCE` the server accepts
 * that issuer's tokens; without them, in development only (`NODE_ENV` development or test, as
 * `npm start` sets it), a development authorization server starts beside it, where Alice or
 * Bob sign in (no passwords). Any other `NODE_ENV`, unset included, is production: it refuses
 * to start without `AUTH_ISSUER` and `AUTH_AUDIENCE` (and `CONFIRMATION_SECRET`, which signs the
 * proof that the person confirmed in the widget), in one line naming them.
 */
import { fileURLToPath } from "node:url";
import {
  createJsonLogger,
  createSqliteStore,
  serveHttp,
  startAuthorization,
  StartupRefusal,
  widgetResources,
} from "mcp-widget-kit/server";
import { BOOKING_SCOPE } from "./book-flight.ts";
import { createFlightsServer } from "./tools.ts";

const log = createJsonLogger();
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const sqliteFile =
  process.env.SQLITE_FILE || fileURLToPath(new URL("../data/bookings.sqlite", import.meta.url));
const auth = await startAuthorization({
  port: Number(process.env.PORT ?? 8788),
  scopes: [BOOKING_SCOPE],
  resourceName: "Flights",
  log,
}).catch((error: unknown) => {
  // Missing production settings: one line a person reads at once, not a stack trace.
  if (!(error instanceof StartupRefusal)) throw error;
  process.stderr.write(`flights: ${error.message}\n`);
  process.exit(1);
});
const tools = (() => {
  try {
    return createFlightsServer({
      widget: widgetResources({ dist, log, title: "Flights" }),
      store: createSqliteStore(sqliteFile),
      protectedResource: auth.resource,
      log,
    });
  } catch (error) {
    // No CONFIRMATION_SECRET in production: the same one line as the missing sign-in settings.
    if (!(error instanceof StartupRefusal)) throw error;
    process.stderr.write(`flights: ${error.message}\n`);
    process.exit(1);
  }
})();
const endpoint = await serveHttp({
  createServer: (context) => tools.createServer(context),
  log,
  port: auth.port,
  authenticate: auth.authenticate(tools),
  otherRoutes: auth.resource.route,
});
console.log(endpoint.url);
