/**
 * `mcp-widget-kit/testing` without `@modelcontextprotocol/client` installed: the entry imports
 * (an app that only snapshots never records), and `recordFixtures` fails with one error that
 * names the package to install.
 */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { repoRoot } from "../support/repo-root.ts";

const CLIENT = "@modelcontextprotocol/client";

describe("the MCP client is an optional peer of mcp-widget-kit/testing", () => {
  afterEach(() => {
    vi.doUnmock(CLIENT);
    vi.resetModules();
  });

  it("is only ever imported lazily by src/testing (testing/server included)", () => {
    const dir = path.join(repoRoot, "src/testing");
    const sources = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name), "utf8"));
    expect(sources.length).toBeGreaterThan(10);
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
    const { connectToolCaller } = await import("../../src/testing/connect-tool-caller.ts");
    const { MissingPeerError } = await import("../../src/peer-deps/optional-peer.ts");
    const missing = Object.assign(new Error(`Cannot find package '${CLIENT}' imported from /app`), {
      code: "ERR_MODULE_NOT_FOUND",
    });
    const connecting = connectToolCaller({ url: "http://127.0.0.1:9/mcp" }, () =>
      Promise.reject(missing),
    );
    await expect(connecting).rejects.toBeInstanceOf(MissingPeerError);
    await expect(connecting).rejects.toThrow(
      `recordFixtures (mcp-widget-kit/testing) needs the package "${CLIENT}"`,
    );
    await expect(connecting).rejects.toThrow(`run \`npm install ${CLIENT}\``);
  });
});

describe("the declarations an app compiles against", () => {
  it("never name the client package, so an app without it type-checks", () => {
    // The library build's declarations of the testing entry, emitted in memory.
    const configFile = path.join(repoRoot, "tsconfig.build.json");
    const { config } = ts.readConfigFile(configFile, (file) => ts.sys.readFile(file));
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, repoRoot);
    const program = ts.createProgram([path.join(repoRoot, "src/testing/index.ts")], {
      ...options,
      emitDeclarationOnly: true,
      noCheck: true, // declarations only: the type check is `npm run typecheck`'s job
      outDir: "/lib",
    });
    const declarations = new Map<string, string>();
    program.emit(undefined, (file, text) => void declarations.set(path.normalize(file), text));

    // Follow the imports from the entry's index.d.ts: what tsc loads when an app imports it.
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      const text = declarations.get(file);
      if (text === undefined) throw new Error(`no declaration emitted for ${file}`);
      reached.add(file);
      for (const [, spec] of text.matchAll(/(?:from|import\()\s*["'](\.{1,2}\/[^"']+)["']/g))
        visit(path.resolve(path.dirname(file), spec!.replace(/\.(js|ts|tsx)$/, ".d.ts")));
    };
    visit(path.normalize("/lib/testing/index.d.ts"));
    expect([...reached].map((file) => path.relative("/lib", file))).toContain(
      "testing/record-fixtures.d.ts",
    );
    const names = new RegExp(`["']${CLIENT}["']`); // an import of it, not a mention in a comment
    const naming = [...reached].filter((file) => names.test(declarations.get(file)!));
    expect(naming.map((file) => path.relative("/lib", file))).toEqual([]);
  }, 120_000);
});
