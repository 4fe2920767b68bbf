/**
 * The MCP client side of the kit's server tests, app-neutral: an SDK v2 client on either
 * protocol era, raw JSON-RPC posts, a logger that keeps its lines, and the check that no
 * internals reach a result. The fixture app's harness (test/fixture-app) and GiftGenius'
 * (its package's test/harness.ts) both build on it.
 */
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
} from "@modelcontextprotocol/client";
import type { ServerLogger } from "mcp-widget-kit/server";

/** The fields of one log line. */
type LogFields = NonNullable<Parameters<ServerLogger["info"]>[1]>;

/** A logger that keeps every line, so tests can check what went to the log (and what did not go out). */
export function memoryLogger(): ServerLogger & {
  lines: Array<{ level: string; event: string; fields?: LogFields }>;
} {
  const lines: Array<{ level: string; event: string; fields?: LogFields }> = [];
  return {
    lines,
    info: (event, fields) =>
      void lines.push({ level: "info", event, ...(fields ? { fields } : {}) }),
    warn: (event, fields) =>
      void lines.push({ level: "warn", event, ...(fields ? { fields } : {}) }),
    error: (event, fields) =>
      void lines.push({ level: "error", event, ...(fields ? { fields } : {}) }),
  };
}

/** The SDK v2 client options for an era. */
export function clientOptions(era: "modern" | "legacy" = "modern") {
  return era === "modern"
    ? { versionNegotiation: { mode: { pin: "2026-07-28" } } as const }
    : { versionNegotiation: { mode: "legacy" } as const };
}

/** An SDK v2 client for `url` on `era` that sends `token` (if any) on every request. */
export async function connectClient(
  url: string,
  token?: string,
  era: "modern" | "legacy" = "modern",
): Promise<Client> {
  const client = new Client({ name: "kit-test", version: "1.0.0" }, clientOptions(era));
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

/** `structuredContent` as a loose record. */
export function sc(
  result: CallToolResult | { [key: string]: unknown },
): { [key: string]: unknown } & { error?: { [key: string]: unknown } } {
  return (result as CallToolResult).structuredContent as { [key: string]: unknown };
}

/** Strings that must never reach a tool result: stack frames, paths, SQL, driver and upstream internals. */
export const INTERNAL_MARKERS = [
  "stack",
  "    at ",
  "/srv/",
  "/work/",
  "node_modules",
  ".internal",
  "ECONNREFUSED",
  "SELECT ",
  "INSERT ",
  "idempotency_records",
  "10.0.",
  "nginx",
  "<html",
  "TypeError",
  "ck_live",
  "pg pool",
];

/** Fails when a result carries anything internal. */
export function assertNoInternals(result: unknown): void {
  const text = JSON.stringify(result);
  for (const marker of INTERNAL_MARKERS) {
    if (text.includes(marker)) throw new Error(`result leaks "${marker}": ${text.slice(0, 300)}`);
  }
}

/** The `_meta` envelope every 2026-07-28 request carries. */
export const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** POSTs one JSON-RPC message and reads the answer, plain JSON or one SSE event. */
export async function rpc(
  url: string,
  message: { [key: string]: unknown },
  headers: { [key: string]: string } = {},
): Promise<{ status: number; headers: Headers; body: { [key: string]: unknown }; text: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body: JSON.stringify(message),
  });
  const text = await response.text();
  const data = text.startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "{}");
  return { status: response.status, headers: response.headers, body: JSON.parse(data), text };
}
