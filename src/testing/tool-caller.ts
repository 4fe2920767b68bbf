/**
 * A connection to an app's MCP server for the recorder: the SDK v2 client over Streamable
 * HTTP. `@modelcontextprotocol/client` is an optional peer dependency loaded here on first
 * use, so `widget-kit/testing` imports (in Node and in a browser) for an app that never
 * records; an app that records without it gets one error naming the package to install.
 */
import { importOptionalPeer } from "../shared/optional-peer.ts";

/** Tool arguments as sent in `tools/call`; values are any JSON, so a scenario can send bad input. */
export type ToolArguments = { readonly [key: string]: unknown };

/**
 * One `CallToolResult` as the client received it: what a fixture file holds. Only the fields
 * the kit reads are named; every other field is kept as it came.
 */
export interface RecordedResult {
  /** What the widget receives as its tool output; the contract parses it. */
  readonly structuredContent?: unknown;
  /** The content blocks the model reads. */
  readonly content?: unknown;
  /** `true` for a failed call (a tool error is a result, not an exception). */
  readonly isError?: boolean;
  /** The result's `_meta` (the host's `toolResponseMetadata`). */
  readonly _meta?: unknown;
  /** Any other field the server sent, kept in the fixture as it came. */
  readonly [field: string]: unknown;
}

/** Where and how to reach a server for recording. */
export interface RecordServer {
  /** The Streamable HTTP endpoint, e.g. `http://127.0.0.1:8787/mcp`. */
  readonly url: string | URL;
  /** HTTP headers sent with every request, e.g. `{ authorization: "Bearer …" }` for a signed-in caller. */
  readonly headers?: { readonly [name: string]: string };
  /** `_meta` sent with every `tools/call` (host values such as `openai/locale`). */
  readonly meta?: { readonly [key: string]: unknown };
  /**
   * Speak exactly this protocol revision (e.g. `"2026-07-28"`) and fail if the server does not
   * offer it. Default: negotiate (the current revision when the server has it, else 2025-11-25).
   */
  readonly protocolVersion?: string;
}

/** A connected server: calls tools; nothing it returns is recorded until `record` is called. */
export interface ToolCaller {
  /** Calls `tool` with `args` and returns the whole result (an `isError` result is returned, not thrown). */
  call(tool: string, args?: ToolArguments): Promise<RecordedResult>;
  /** Closes the connection. Safe to call twice. */
  close(): Promise<void>;
}

const CLIENT_PACKAGE = "@modelcontextprotocol/client";

/** Who the recorder says it is (`clientInfo`). */
const RECORDER_INFO = { name: "widget-kit-recorder", version: "1.0.0" } as const;

/** Loads the SDK client package (the only place that names it in a value import). */
const loadClient = () => import("@modelcontextprotocol/client");

/**
 * Connects the SDK client to `server`. `load` is for tests that play a missing package.
 *
 * @internal
 */
export async function connectToolCaller(
  server: RecordServer,
  load: typeof loadClient = loadClient,
): Promise<ToolCaller> {
  const sdk = await importOptionalPeer(CLIENT_PACKAGE, "recordFixtures (widget-kit/testing)", load);
  const client = new sdk.Client(RECORDER_INFO, {
    versionNegotiation: {
      mode: server.protocolVersion ? { pin: server.protocolVersion } : "auto",
    },
  });
  await client.connect(
    new sdk.StreamableHTTPClientTransport(new URL(server.url), {
      requestInit: { headers: { ...server.headers } },
    }),
  );
  let closed = false;
  return {
    async call(tool, args = {}) {
      return client.callTool({
        name: tool,
        arguments: { ...args },
        ...(server.meta ? { _meta: { ...server.meta } } : {}),
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
