/**
 * The app's MCP server over Streamable HTTP on 127.0.0.1 (`PORT`, default 8788; `0` picks a
 * free one), with the built widget as its resources (`npm run build` first; a rebuild is
 * served on the next read). Bookings' idempotency records live in SQLite (`SQLITE_FILE`,
 * default `data/bookings.sqlite`). Prints the endpoint URL on stdout once it listens —
 * `widget-kit dev` reads it from there.
 */
import { fileURLToPath } from "node:url";
import { createJsonLogger, createSqliteStore, serveHttp, widgetResources } from "widget-kit/server";
import { createFlightsServer } from "./tools.ts";

const log = createJsonLogger();
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const sqliteFile =
  process.env.SQLITE_FILE || fileURLToPath(new URL("../data/bookings.sqlite", import.meta.url));
const tools = createFlightsServer({
  widget: widgetResources({ dist, log, title: "Flights" }),
  store: createSqliteStore(sqliteFile),
  log,
});
const endpoint = await serveHttp({
  createServer: (context) => tools.createServer(context),
  log,
  port: Number(process.env.PORT ?? 8788),
});
console.log(endpoint.url);
