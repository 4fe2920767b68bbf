/**
 * The page's MCP client: the official SDK `Client` over `StreamableHTTPClientTransport`,
 * bundled for the browser. It speaks the current revision (2026-07-28, probed with
 * `server/discover`) and falls back to the 2025 handshake against an older server. Two settings keep it inside the page's strict CSP (no
 * 'unsafe-eval'): zod runs jitless (see zod-jitless.ts), and tool output is passed through unvalidated — which is also what ChatGPT
 * does; checking `structuredContent` is the widget's parser's job, and the dev host exists to
 * show what the widget does with whatever arrives.
 */
import { ZOD_JITLESS } from "./zod-jitless.ts";
import {
  Client,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type JsonSchemaValidator,
  type jsonSchemaValidator,
  type ReadResourceResult,
  type Tool,
} from "@modelcontextprotocol/client";

const passThroughValidator: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/** The page's connection to the app's MCP server. */
export interface McpConnection {
  readonly tools: readonly Tool[];
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  readResource(uri: string): Promise<ReadResourceResult>;
}

/** Connects to the MCP endpoint at `path` on this page's origin and lists its tools. */
export async function connectMcp(path: string): Promise<McpConnection> {
  if (!ZOD_JITLESS) throw new Error("zod must run jitless under the page's CSP");
  const client = new Client(
    { name: "widget-kit-devhost", version: "0.1.0" },
    { jsonSchemaValidator: passThroughValidator, versionNegotiation: { mode: "auto" } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(path, window.location.origin)));
  const { tools } = await client.listTools();
  const resources = new Map<string, Promise<ReadResourceResult>>();
  return {
    tools,
    callTool: async (name, args) =>
      (await client.callTool({ name, arguments: args })) as CallToolResult,
    readResource(uri) {
      // The widget HTML is fixed per URI (its name carries a content hash), like a host's cache.
      let read = resources.get(uri);
      if (!read) {
        read = client.readResource({ uri });
        read.catch(() => resources.delete(uri));
        resources.set(uri, read);
      }
      return read;
    },
  };
}

/**
 * The widget template a tool declares for a protocol: ChatGPT's `openai/outputTemplate`, or
 * MCP Apps' `ui.resourceUri` (and its older flat `ui/resourceUri`) — each host reads its own
 * key first and the other as a fallback.
 */
export function widgetTemplateUri(
  tool: Tool | undefined,
  protocol: "openai" | "mcp-apps",
): string | undefined {
  const meta = (tool?._meta ?? {}) as Record<string, unknown>;
  const ui = meta.ui as { resourceUri?: unknown } | undefined;
  const openai = [meta["openai/outputTemplate"]];
  const mcpApps = [ui?.resourceUri, meta["ui/resourceUri"]];
  for (const candidate of protocol === "openai"
    ? [...openai, ...mcpApps]
    : [...mcpApps, ...openai]) {
    if (typeof candidate === "string" && candidate.startsWith("ui://")) return candidate;
  }
  return undefined;
}
