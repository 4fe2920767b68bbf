/**
 * A server with widgets tells hosts it is an MCP Apps server: the extension capability
 * `io.modelcontextprotocol/ui` with the MCP App MIME type, in `server/discover` (2026-07-28)
 * and `initialize` (2025-11-25) alike — some hosts give a server that does not declare it
 * text only, silently (issue 59). A server without widget resources declares no such thing.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { createToolServer, silentLogger } from "../../src/server/index.ts";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";
import { shop } from "../support/shop-contract.ts";
import { clientOptions } from "./mcp-client.ts";

const UI = "io.modelcontextprotocol/ui";

describe("the MCP Apps extension capability", () => {
  let h: FixtureHarness;
  beforeAll(async () => {
    h = await startFixture();
  });
  afterAll(() => h.close());

  it.each(["modern", "legacy"] as const)("is declared to a %s-era client", async (era) => {
    const client = await h.connect({ era });
    expect(client.getProtocolEra()).toBe(era);
    const capabilities = client.getServerCapabilities() as {
      extensions?: { [key: string]: unknown };
    };
    expect(capabilities.extensions?.[UI]).toEqual({ mimeTypes: ["text/html;profile=mcp-app"] });
  });

  it("is not declared by a server without widget resources", async () => {
    const tools = createToolServer({
      info: { name: "bare", version: "1" },
      contract: shop,
      tools: [],
      log: silentLogger,
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await tools.createServer().connect(serverSide);
    const client = new Client({ name: "t", version: "1" }, clientOptions("legacy"));
    await client.connect(clientSide as never);
    const capabilities = client.getServerCapabilities() as { extensions?: unknown };
    expect(capabilities.extensions).toBeUndefined();
    await client.close();
  });
});
