/**
 * The kit's stdio transport (`serveApp` with `--stdio`) serves the same tools to every SDK
 * client, both protocol eras, from a process of its own: the fixture app's main.ts.
 */
import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as V1StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { GOOD_LIST } from "../fixture-app/app.ts";
import { clientOptions } from "./mcp-client.ts";

/** How to start the server over stdio, with a private store. */
function serverParams(dir: string) {
  return {
    command: fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url)),
    args: ["test/fixture-app/main.ts", "--stdio"],
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    env: {
      ...(process.env as { [key: string]: string }),
      SQLITE_FILE: join(dir, "idem.sqlite"),
      DATABASE_URL: "", // the private store, never CI's shared one
    },
    stderr: "ignore" as const,
  };
}

interface StdioCase {
  name: string;
  connect(dir: string): Promise<{
    era: string | undefined;
    client: Pick<Client, "listTools" | "callTool" | "close">;
  }>;
}

const cases: StdioCase[] = [
  {
    name: "SDK v2 client, 2026-07-28",
    async connect(dir) {
      const client = new Client({ name: "stdio-test", version: "1.0.0" }, clientOptions("modern"));
      await client.connect(new StdioClientTransport(serverParams(dir)));
      return { era: client.getProtocolEra(), client };
    },
  },
  {
    name: "SDK v2 client, 2025-11-25",
    async connect(dir) {
      const client = new Client({ name: "stdio-test", version: "1.0.0" }, clientOptions("legacy"));
      await client.connect(new StdioClientTransport(serverParams(dir)));
      return { era: client.getProtocolEra(), client };
    },
  },
  {
    name: "SDK v1 client",
    async connect(dir) {
      const client = new V1Client({ name: "stdio-test", version: "1.0.0" });
      await client.connect(new V1StdioClientTransport(serverParams(dir)));
      return { era: "legacy", client: client as unknown as Client };
    },
  },
];

describe("stdio transport (tsx test/fixture-app/main.ts --stdio)", () => {
  it.each(cases)("serves the same tools to the $name", async ({ name, connect }) => {
    const dir = mkdtempSync(join(tmpdir(), "fixture-stdio-"));
    const { era, client } = await connect(dir);
    try {
      expect(era).toBe(name.includes("2026") ? "modern" : "legacy");
      expect((await client.listTools()).tools).toHaveLength(3);
      const result = await client.callTool({ name: "list_products", arguments: GOOD_LIST });
      expect(result.structuredContent).toMatchObject({ ok: true, kind: "product_list" });
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
