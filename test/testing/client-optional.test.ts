/**
 * `widget-kit/testing` without `@modelcontextprotocol/client` installed: the entry imports
 * (an app that only snapshots never records), and `recordFixtures` fails with one error that
 * names the package to install.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../support/payloads.ts";

const CLIENT = "@modelcontextprotocol/client";

describe("the MCP client is an optional peer of widget-kit/testing", () => {
  afterEach(() => {
    vi.doUnmock(CLIENT);
    vi.resetModules();
  });

  it("is only ever imported lazily by src/testing", () => {
    const dir = path.join(repoRoot, "src/testing");
    const sources = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), "utf8"));
    const lazy = sources.filter((text) => text.includes(`import("${CLIENT}")`));
    const eager = sources.filter((text) =>
      new RegExp(`^\\s*import\\s+(?!type\\b)[^;]*from\\s+["']${CLIENT}["']`, "m").test(text),
    );
    expect(lazy).toHaveLength(1);
    expect(eager).toHaveLength(0);
  });

  it("lets the entry load without it", async () => {
    vi.doMock(CLIENT, () => {
      throw new Error(`Cannot find package '${CLIENT}'`);
    });
    const testing = await import("../../src/testing/index.ts");
    expect(typeof testing.recordFixtures).toBe("function");
    expect(typeof testing.createMockHost().setGlobals).toBe("function");
  });

  it("makes recording without it one error naming the package to install", async () => {
    const { connectToolCaller } = await import("../../src/testing/tool-caller.ts");
    const { MissingPeerError } = await import("../../src/testing/index.ts");
    const missing = Object.assign(new Error(`Cannot find package '${CLIENT}' imported from /app`), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    const connecting = connectToolCaller({ url: "http://127.0.0.1:9/mcp" }, () =>
      Promise.reject(missing),
    );
    await expect(connecting).rejects.toBeInstanceOf(MissingPeerError);
    await expect(connecting).rejects.toThrow(
      `recordFixtures (widget-kit/testing) needs the package "${CLIENT}"`,
    );
    await expect(connecting).rejects.toThrow(`run \`npm install ${CLIENT}\``);
  });
});
