/**
 * The third-party MCP Inspector CLI against the server: tools/list and tools/call, in its
 * default era and with `--protocol-era modern` (which needs `server/discover` to offer
 * 2026-07-28). It runs through `npx` at a pinned version instead of being a devDependency:
 * 2.12 (with undici 8 and commander 15) asks for Node ≥ 22, so installing it made `npm ci`
 * warn EBADENGINE on the Node 20 the kit supports. Its CLI works on Node 20.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { GOOD_LIST } from "../fixture-app/app.ts";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";

const INSPECTOR = "@modelcontextprotocol/inspector@2.12.0";
const run = promisify(execFile);
const npmCache = process.env.npm_config_cache ?? join(homedir(), ".npm");

describe("MCP Inspector CLI 2.12", () => {
  let h: FixtureHarness;
  let home: string;
  beforeAll(async () => {
    h = await startFixture();
    home = mkdtempSync(join(tmpdir(), "inspector-home-"));
  });
  afterAll(async () => {
    await h.close();
    rmSync(home, { recursive: true, force: true });
  });

  /** Runs the CLI against the harness and parses its JSON answer. */
  async function inspector(args: string[]): Promise<{ [key: string]: unknown }> {
    const { stdout } = await run("npx", ["-y", INSPECTOR, "--cli", h.endpoint.url, ...args], {
      // Its catalog and storage go to a private directory, never the real home; npm keeps its
      // own cache, so the package is fetched once per machine, not once per run.
      env: {
        ...process.env,
        HOME: home,
        MCP_CATALOG_PATH: join(home, "mcp.json"),
        npm_config_cache: npmCache,
        npm_config_update_notifier: "false",
      },
      timeout: 60_000,
    });
    return JSON.parse(stdout) as { [key: string]: unknown };
  }

  const toolArgs = [
    "--tool-name",
    "list_products",
    "--tool-arg",
    `tags=${JSON.stringify(GOOD_LIST.tags)}`,
  ];

  it.each([[[]], [["--protocol-era", "modern"]]])(
    "lists the tools and calls list_products (%j)",
    async (era) => {
      const listed = await inspector([...era, "--method", "tools/list"]);
      expect((listed.tools as Array<{ name: string }>).map((tool) => tool.name)).toEqual([
        "list_products",
        "prepare_purchase",
        "place_purchase",
      ]);
      const called = await inspector([...era, "--method", "tools/call", ...toolArgs]);
      expect(called.structuredContent).toMatchObject({ ok: true, kind: "product_list" });
    },
    120_000,
  );

  it("lists tools anonymously and calls a protected tool with a bearer token (--header), modern era", async () => {
    const modern = ["--protocol-era", "modern"];
    const listed = await inspector([...modern, "--method", "tools/list"]);
    expect(
      (listed.tools as Array<{ name: string; _meta?: { securitySchemes?: unknown } }>).map(
        (tool) => tool._meta?.securitySchemes,
      ),
    ).toContainEqual([{ type: "oauth2", scopes: ["orders:write"] }]);
    const token = await h.issuer.mint({ sub: "inspector-user" });
    const called = await inspector([
      ...modern,
      "--header",
      `Authorization: Bearer ${token}`,
      "--method",
      "tools/call",
      "--tool-name",
      "prepare_purchase",
      "--tool-arg",
      "product_id=p-mug",
    ]);
    expect(called.structuredContent).toMatchObject({ ok: true, kind: "purchase_draft" });
  }, 120_000);

  it("is a plain client: it lists the app-only commit, and a call of it without the proof is refused", async () => {
    const modern = ["--protocol-era", "modern"];
    const listed = await inspector([...modern, "--method", "tools/list"]);
    const commit = (listed.tools as Array<{ name: string; _meta?: unknown }>).find(
      (tool) => tool.name === "place_purchase",
    );
    expect(commit?._meta).toMatchObject({ ui: { visibility: ["app"] } });
    expect(commit?._meta).not.toHaveProperty("openai/visibility");
    const token = await h.issuer.mint({ sub: "inspector-user" });
    const signedIn = [...modern, "--header", `Authorization: Bearer ${token}`];
    const prepared = await inspector([
      ...signedIn,
      "--method",
      "tools/call",
      "--tool-name",
      "prepare_purchase",
      "--tool-arg",
      "product_id=p-mug",
    ]);
    const draft = (prepared.structuredContent as { draft: { draft_id: string } }).draft;
    // The Inspector exits non-zero on an isError result; the server's log says why.
    await expect(
      inspector([
        ...signedIn,
        "--method",
        "tools/call",
        "--tool-name",
        "place_purchase",
        "--tool-arg",
        `draft_id=${draft.draft_id}`,
        "idempotency_key=inspector-key-0001",
      ]),
    ).rejects.toThrow(/tool_is_error/);
    expect(h.log.lines.map((line) => line.event)).toContain("tool_confirmation_refused");
    expect(h.app.effects()).toBe(0);
  }, 120_000);
});
