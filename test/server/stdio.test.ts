import { fileURLToPath } from "node:url";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { GOOD_SEARCH } from "./harness.ts";

describe("stdio transport", () => {
  it("serves the same tools over stdio (tsx examples/giftgenius/server/main.ts --stdio)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "giftgenius-stdio-"));
    const transport = new StdioClientTransport({
      command: fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url)),
      args: ["examples/giftgenius/server/main.ts", "--stdio"],
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      env: {
        ...(process.env as { [key: string]: string }),
        SQLITE_FILE: join(dir, "idem.sqlite"),
        WIDGET_DIST: join(dir, "dist"),
      },
      stderr: "ignore",
    });
    const client = new Client({ name: "stdio-test", version: "1.0.0" });
    try {
      await client.connect(transport);
      expect((await client.listTools()).tools).toHaveLength(3);
      const result = await client.callTool({ name: "suggest_gifts", arguments: GOOD_SEARCH });
      expect(result.structuredContent).toMatchObject({ ok: true, kind: "gift_suggestions" });
    } finally {
      await client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
