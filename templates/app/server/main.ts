/**
 * The app's MCP server over Streamable HTTP on 127.0.0.1 (`PORT`, default 8788; `0` picks a
 * free one). Needs the built widget (`npm run build`). Prints the endpoint URL on stdout once
 * it listens — `widget-kit dev` reads it from there.
 */
import { createJsonLogger, serveHttp } from "widget-kit/server";
import { createFlightsServer } from "./tools.ts";
import { widgetResources } from "./widget-resources.ts";

const log = createJsonLogger();
const tools = createFlightsServer({
  widget: widgetResources(new URL("../dist/", import.meta.url)),
  log,
});
const endpoint = await serveHttp({
  createServer: () => tools.createServer(),
  log,
  port: Number(process.env.PORT ?? 8788),
});
console.log(endpoint.url);
