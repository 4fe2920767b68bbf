/**
 * GiftGenius' fetch entry on Node, through the kit's own `node:http` adapter (the one
 * `serveHttp` uses) rather than a generic one: the bench's "Node, fetch handler" row, the same
 * handler Bun and Deno run. The SDK's generic `toNodeHandler` was used here once and answered
 * hostile input unlike the other runtimes: `node:http` keeps only the first `Host` and
 * `Authorization` header, so two of either passed as one (200), and absolute-form, `*` and
 * TRACE targets ended in 500. The kit's adapter hands the handler every header line as sent and
 * every target as Bun and Deno build it, and refuses what fetch cannot carry (405) and a
 * target that names no path (`*`, 400) as they do.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { jsonRpcError } from "../src/server/http/json-rpc-error.ts";
import {
  fetchCanCarry,
  targetNamesPath,
  toRequest,
  writeResponse,
} from "../src/server/http/node-adapter.ts";
import entry from "../examples/giftgenius/server/fetch.ts";

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const gone = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  const response = !fetchCanCarry(req)
    ? jsonRpcError(405, -32600, "Method not allowed", { allow: "GET, POST" })
    : !targetNamesPath(req)
      ? jsonRpcError(400, -32600, "Bad request")
      : await entry.fetch(toRequest(req, gone.signal));
  await writeResponse(req, res, response, gone.signal);
}

const server = createServer((req, res) => {
  handle(req, res).catch(async () => {
    const failed = jsonRpcError(500, -32603, "Internal error");
    await writeResponse(req, res, failed, new AbortController().signal).catch(() => {});
  });
});
server.listen(entry.port, entry.hostname, () => {
  const url = `http://${entry.hostname}:${entry.port}/mcp`;
  process.stderr.write(`${JSON.stringify({ event: "listening", url })}\n`);
});
