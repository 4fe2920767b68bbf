/** The JSON-RPC error answer the HTTP layer gives before a request reaches MCP. */

/** `{ jsonrpc, error: { code, message }, id: null }` with `status`. */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}
