/**
 * GiftGenius' fetch entry on Node, served by the MCP SDK's generic `toNodeHandler` (not the
 * kit's `serveHttp`): the bench's "Node, fetch handler" row, the same handler Bun and Deno run.
 */
import { createServer } from "node:http";
import { toNodeHandler } from "@modelcontextprotocol/node";
import entry from "../examples/giftgenius/server/fetch.ts";

const node = toNodeHandler({ fetch: (request: Request) => entry.fetch(request) });
const server = createServer((req, res) => void node(req, res));
server.listen(entry.port, entry.hostname, () => {
  const url = `http://${entry.hostname}:${entry.port}/mcp`;
  process.stderr.write(`${JSON.stringify({ event: "listening", url })}\n`);
});
