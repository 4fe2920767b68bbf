/**
 * The page's reverse proxy to the app's MCP endpoint: the page's CSP lets it talk to its own
 * origin only, so `mcp-widget-kit dev` passes its MCP requests on, streaming both ways.
 */
import { request, type IncomingMessage, type ServerResponse } from "node:http";

/** Headers a hop-by-hop proxy must not pass on, and the browser's, which were checked here. */
const DROPPED_HEADERS = new Set(["host", "connection", "origin", "referer", "keep-alive"]);

/** Forwards one request to the MCP endpoint, streaming both ways (SSE included). */
export function forward(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const headers: { [name: string]: string | string[] } = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !DROPPED_HEADERS.has(name) && !name.startsWith("sec-fetch-"))
      headers[name] = value;
  const upstream = request(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", (error) => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { "Content-Type": "text/plain" }).end(`MCP server: ${error.message}\n`);
  });
  req.pipe(upstream);
}
