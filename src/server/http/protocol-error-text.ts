/**
 * The SDK's protocol errors without the caller's text. Its messages name what the request
 * said — the `Mcp-Name`, `Mcp-Method` and `MCP-Protocol-Version` headers of a mismatch, the
 * body's tool name, a requested version — and a model (or a person reading a log) takes an
 * error's text as instructions. Each JSON-RPC error in an HTTP error answer of the SDK's (a
 * refusal before dispatch; a dispatched request's errors are the tool server's fixed texts)
 * gets the fixed sentence of its code instead, and keeps only the `data` a client acts on and
 * the server chose: the protocol versions it supports, and what the spec asks to be echoed as an
 * identifier — a missing resource's `uri`, a short version-shaped `requested` version.
 */

const MESSAGES: { readonly [code: number]: string } = {
  [-32700]: "Parse error",
  [-32600]: "Invalid request",
  [-32601]: "Method not found",
  [-32602]: "Invalid params",
  [-32603]: "Internal error",
  [-32002]: "Resource not found",
  [-32020]: "Bad Request: the request headers and body disagree",
};

type Json = { [key: string]: unknown };

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `data` kept: server-chosen values only. */
function keptData(code: number, data: unknown): Json | undefined {
  if (!isObject(data)) return undefined;
  const kept: Json = {};
  if (Array.isArray(data.supported) && data.supported.every((v) => typeof v === "string"))
    kept.supported = data.supported;
  if (
    (code === -32002 || code === -32602) &&
    typeof data.uri === "string" &&
    data.uri.length <= 2048
  )
    kept.uri = data.uri;
  // The spec asks an unsupported-version error to echo the version asked for: only a short,
  // version-shaped one (`2026-07-28`, `v999.0.0`) is, never free text.
  if (typeof data.requested === "string" && /^v?\d[\w.-]{0,19}$/.test(data.requested))
    kept.requested = data.requested;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** One JSON-RPC message with its error's text fixed (anything else as it was). */
function fixed(message: unknown): unknown {
  if (!isObject(message) || !isObject(message.error)) return message;
  const code = typeof message.error.code === "number" ? message.error.code : -32603;
  const data = keptData(code, message.error.data);
  const text =
    MESSAGES[code] ?? (code >= -32099 && code <= -32000 ? "Server error" : "Request failed");
  return { ...message, error: { code, message: text, ...(data ? { data } : {}) } };
}

/**
 * `response` with every JSON-RPC error in its JSON body (one message or a batch) reduced to
 * its code's sentence. Successful answers, event streams and other types pass unread.
 */
export async function withoutCallerText(response: Response): Promise<Response> {
  const type = response.headers.get("content-type") ?? "";
  // Only the SDK's own refusals (4xx before dispatch): a 200's errors are the tool server's.
  if (response.status < 400 || !type.includes("application/json") || response.body === null)
    return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const hasError = Array.isArray(body)
    ? body.some((m) => isObject(m) && "error" in m)
    : isObject(body) && "error" in body;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const out = hasError ? JSON.stringify(Array.isArray(body) ? body.map(fixed) : fixed(body)) : text;
  return new Response(out, { status: response.status, statusText: response.statusText, headers });
}
