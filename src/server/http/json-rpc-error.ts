/** The JSON-RPC error answer the HTTP layer gives before a request reaches MCP. */
import type { ServerResponse } from "node:http";

/** Writes `{ jsonrpc, error: { code, message }, id: null }` with `status` (once). */
export function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
