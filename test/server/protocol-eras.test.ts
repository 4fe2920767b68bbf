/**
 * One endpoint, both protocol revisions: 2026-07-28 (stateless, `server/discover`, per-request
 * `_meta`) and 2025-11-25 (the `initialize` handshake), driven by the SDK v2 client in each
 * era, by the SDK v1 client, and by raw JSON-RPC for what clients never send.
 */
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { GOOD_LIST } from "../fixture-app/app.ts";
import { call, startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { shop } from "../support/shop-contract.ts";
import { ENVELOPE, rpc, sc } from "./mcp-client.ts";

const MODERN = "2026-07-28";
const LEGACY = "2025-11-25";

/** A raw `tools/call` in either era, with whatever `arguments` value. */
function rawCall(url: string, era: "modern" | "legacy", args: unknown) {
  const params = { name: "list_products", arguments: args };
  if (era === "legacy")
    return rpc(
      url,
      { jsonrpc: "2.0", id: 7, method: "tools/call", params },
      { "mcp-protocol-version": LEGACY },
    );
  return rpc(
    url,
    { jsonrpc: "2.0", id: 7, method: "tools/call", params: { ...params, _meta: ENVELOPE } },
    { "mcp-protocol-version": MODERN, "mcp-method": "tools/call", "mcp-name": "list_products" },
  );
}

describe("both protocol revisions on /mcp", () => {
  let h: FixtureHarness;
  beforeAll(async () => {
    h = await startFixture();
  });
  afterAll(() => h.close());

  it.each(["modern", "legacy"] as const)(
    "the SDK v2 client in the %s era lists the tools with their raw schemas and calls one",
    async (era) => {
      const client = await h.connect({ era });
      expect(client.getProtocolEra()).toBe(era);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual([
        "list_products",
        "prepare_purchase",
        "place_purchase",
      ]);
      expect(tools.map((tool) => tool.outputSchema)).toEqual(
        h.app.tools.listTools().map((tool) => tool.outputSchema),
      );
      expect(tools[0]?.inputSchema).toEqual(h.app.tools.listTools()[0]?.inputSchema);
      const result = await call(client, "list_products", GOOD_LIST);
      expect(shop.parse(result.structuredContent).state).toBe("results");
    },
  );

  it("the SDK v1 client (1.32) connects, lists and calls", async () => {
    const client = new V1Client({ name: "v1", version: "1.0.0" });
    await client.connect(new V1Transport(new URL(h.endpoint.url)));
    try {
      expect((await client.listTools()).tools).toHaveLength(3);
      const result = await client.callTool({ name: "list_products", arguments: GOOD_LIST });
      expect(result.structuredContent).toMatchObject({ ok: true, kind: "product_list" });
    } finally {
      await client.close();
    }
  });

  it("answers server/discover with 2026-07-28 and opens no session for 2025-11-25", async () => {
    const discover = await rpc(
      h.endpoint.url,
      { jsonrpc: "2.0", id: 1, method: "server/discover", params: { _meta: ENVELOPE } },
      { "mcp-protocol-version": MODERN, "mcp-method": "server/discover" },
    );
    expect(discover.status).toBe(200);
    expect(JSON.stringify(discover.body)).toContain(MODERN);
    const initialize = await rpc(h.endpoint.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: LEGACY,
        capabilities: {},
        clientInfo: { name: "raw", version: "1.0.0" },
      },
    });
    expect(initialize.body).toMatchObject({ result: { protocolVersion: LEGACY } });
    expect(initialize.headers.get("mcp-session-id")).toBeNull();
  });

  it.each([
    ["modern", []],
    ["modern", "kitchen"],
    ["modern", null],
    ["legacy", [GOOD_LIST]],
    ["legacy", "kitchen"],
    ["legacy", null],
  ] as const)(
    "%s era: non-object arguments %j → a VALIDATION_FAILED ToolError, not a protocol error",
    async (era, args) => {
      const { status, body } = await rawCall(h.endpoint.url, era, args);
      expect(status).toBe(200);
      expect(body.error).toBeUndefined();
      const result = body.result as { isError?: boolean; structuredContent: unknown };
      expect(result.isError).toBe(true);
      expect(sc(result as never).error).toMatchObject({
        code: "VALIDATION_FAILED",
        retryable: false,
      });
      expect(JSON.stringify(body)).not.toMatch(/invalid_type|expected record/);
    },
  );
});
