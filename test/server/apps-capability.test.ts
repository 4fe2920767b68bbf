/**
 * The MCP Apps extension capability is a widget server's claim: a server without widget
 * resources declares no `io.modelcontextprotocol/ui` (a host would look for widgets it never
 * gets). Its declaration by a server with widgets is test/server/host-declarations.test.ts.
 */
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { createToolServer, silentLogger } from "../../src/server/index.ts";
import { shop } from "../support/shop-contract.ts";
import { clientOptions } from "./mcp-client.ts";

describe("the MCP Apps extension capability", () => {
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
