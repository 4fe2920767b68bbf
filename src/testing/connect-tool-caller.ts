/**
 * A connection to an app's MCP server for the recorder: the SDK v2 client over Streamable
 * HTTP. `@modelcontextprotocol/client` is an optional peer dependency loaded here on first
 * use, so `mcp-widget-kit/testing` imports (in Node and in a browser) for an app that never
 * records; an app that records without it gets one error naming the package to install.
 * Internal: the public types are in `tool-caller.ts`, so no shipped declaration that an app
 * compiles names the client package.
 */
import { importOptionalPeer } from "../peer-deps/optional-peer.ts";
import type { RecordServer, ToolCaller } from "./tool-caller.ts";

const CLIENT_PACKAGE = "@modelcontextprotocol/client";

/** Who the recorder says it is (`clientInfo`). */
const RECORDER_INFO = { name: "mcp-widget-kit-recorder", version: "1.0.0" } as const;

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
  const sdk = await importOptionalPeer(
    CLIENT_PACKAGE,
    "recordFixtures (mcp-widget-kit/testing)",
    load,
  );
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
