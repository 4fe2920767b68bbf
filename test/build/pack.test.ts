/**
 * The package as a consumer gets it: `npm pack` (which runs build:lib through prepack), the
 * tarball unpacked into a fresh app's node_modules (its other dependencies resolve from the
 * repo's node_modules above it, so nothing is downloaded), then the app's own widget built
 * with `mcp-widget-kit/build` and type-checked against the shipped declarations.
 */
import { execFileSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runIdempotent } from "../../src/server/idempotency/index.ts";
import { createSqliteStore } from "../../src/server/index.ts";

const repo = fileURLToPath(new URL("../..", import.meta.url));
// Inside the repo (git-ignored .tmp/) so the app's bare imports find the shared node_modules.
mkdirSync(join(repo, ".tmp"), { recursive: true });
const app = mkdtempSync(join(repo, ".tmp", "pack-consumer-"));
const installed = join(app, "node_modules", "mcp-widget-kit");
const bin = (name: string) => join(repo, "node_modules/.bin", name);

afterAll(() => rmSync(app, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(join(app, path, ".."), { recursive: true });
  writeFileSync(join(app, path), text);
}

describe("npm pack → fresh app", () => {
  beforeAll(() => {
    execFileSync("npm", ["pack", "--silent", "--pack-destination", app], {
      cwd: repo,
      stdio: ["ignore", "ignore", "inherit"],
    });
    const tarball = readdirSync(app).find((f) => f.endsWith(".tgz"));
    if (!tarball) throw new Error("npm pack produced no tarball");
    mkdirSync(installed, { recursive: true });
    execFileSync("tar", ["-xzf", join(app, tarball), "-C", installed, "--strip-components=1"]);
    write("package.json", JSON.stringify({ name: "consumer", private: true, type: "module" }));
  }, 120_000);

  it("ships lib/, the local host page, the command and its app template, the docs and the licence, with every entry", () => {
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
      exports: Record<string, { import?: string; types?: string } | string>;
    };
    expect(readdirSync(installed).sort()).toEqual([
      "LICENSE",
      "README.md",
      "bin",
      "dist",
      "docs",
      "lib",
      "package.json",
      "templates",
    ]);
    expect(readdirSync(join(installed, "dist"))).toEqual(["devhost"]);
    // The byte measurement log is the kit's workshop, not a user's page: it stays in bench/.
    expect(readdirSync(join(installed, "docs"))).not.toContain("bytes.md");
    expect(existsSync(join(installed, "dist/devhost/index.html"))).toBe(true);
    expect(pkg.exports["./styles.css"]).toEqual({
      types: "./lib/styles/index.css.d.ts",
      default: "./lib/styles/index.css",
    });
    expect(existsSync(join(installed, "lib/styles/index.css.d.ts"))).toBe(true);
    expect(existsSync(join(installed, "lib/styles/index.css"))).toBe(true);
    const entries = {
      ".": "index",
      "./contract": "contract/index",
      "./server": "server/index",
      "./checkout": "checkout",
      "./checkout/server": "server/checkout/index",
      "./build": "build/index",
      "./testing": "testing/index",
      "./testing/server": "testing/server/index",
      "./devhost": "devhost/index",
    };
    for (const [entry, base] of Object.entries(entries)) {
      expect(pkg.exports[entry]).toEqual({
        types: `./lib/${base}.d.ts`,
        import: `./lib/${base}.js`,
      });
      const hasSource = existsSync(join(repo, "src", `${base}.ts`));
      expect(existsSync(join(installed, "lib", `${base}.js`))).toBe(hasSource);
      expect(existsSync(join(installed, "lib", `${base}.d.ts`))).toBe(hasSource);
    }
    expect(existsSync(join(installed, "lib/build/plugin.ts"))).toBe(false);
  });

  it("runs nothing when installed: no install-time build for npm to ask approval of", () => {
    const { scripts = {} } = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
      scripts?: Record<string, string>;
    };
    // The lifecycle scripts npm runs (or lists under allowScripts) when installing a package.
    for (const hook of ["preinstall", "install", "postinstall", "prepare"])
      expect(scripts, hook).not.toHaveProperty(hook);
    // What would be built at install time is in the tarball already.
    expect(existsSync(join(installed, "lib/server/index.js"))).toBe(true);
  });

  it("runs its `mcp-widget-kit` command: create writes the app template, names filled in", () => {
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
      bin: Record<string, string>;
    };
    expect(pkg.bin).toEqual({ "mcp-widget-kit": "bin/mcp-widget-kit.js" });
    const out = execFileSync(
      "node",
      [join(installed, pkg.bin["mcp-widget-kit"]!), "create", "notes"],
      {
        cwd: app,
        encoding: "utf8",
      },
    );
    expect(out).toContain("Created notes in notes");
    expect(readdirSync(join(app, "notes")).sort()).toEqual(
      readdirSync(join(repo, "templates/flights"))
        .filter((name) => !["node_modules", "dist"].includes(name))
        .map((name) => (name === "_gitignore" ? ".gitignore" : name))
        .sort(),
    );
    expect(JSON.parse(readFileSync(join(app, "notes/package.json"), "utf8"))).toMatchObject({
      name: "notes",
      dependencies: {
        "mcp-widget-kit": `^${JSON.parse(readFileSync(join(installed, "package.json"), "utf8")).version}`,
      },
    });
  });

  it("runs `mcp-widget-kit reconcile --app server/reconcile.ts`: a TypeScript module, through the app's tsx", async () => {
    // One record in doubt (its send's answer was lost), as a server would have left it.
    const records = join(app, "records.sqlite");
    const store = createSqliteStore(records);
    await runIdempotent<{ ok: boolean }, { amount: number }>({
      store,
      scope: "user:alice",
      key: "send-1",
      args: { draft_id: "q1" },
      async execute(effect) {
        await effect.capture({ amount: 5 });
        return { final: false, value: { ok: false }, inDoubt: true };
      },
    });
    await store.close();
    // Type annotations and an extension-ful .ts import: what Node alone refuses.
    write("server/words.ts", 'export const SENT: string = "SENT";\n');
    write(
      "server/reconcile.ts",
      `import { createSqliteStore, type ReconcileOptions } from "mcp-widget-kit/server";
import { SENT } from "./words.ts";

export async function openReconciliation(env: NodeJS.ProcessEnv) {
  const store = createSqliteStore(env.RECORDS_FILE!);
  const options: ReconcileOptions<{ ok: boolean; code: string }, { amount: number }> = {
    store,
    complete: async (record) => ({ final: true, value: { ok: record.captured.amount === 5, code: SENT } }),
  };
  return { options, close: () => store.close() };
}
`,
    );
    const out = execFileSync(
      "node",
      [
        join(installed, "bin/mcp-widget-kit.js"),
        "reconcile",
        "--app",
        "server/reconcile.ts",
        "--grace-ms",
        "0",
      ],
      { cwd: app, encoding: "utf8", env: { ...process.env, RECORDS_FILE: records } },
    );
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toMatchObject({
      event: "reconciled",
      completed: 1,
    });
  });

  it("loads `mcp-widget-kit/build` and `mcp-widget-kit/testing` by their package names", () => {
    write(
      "probe.mjs",
      `import { widgetKit, writeContractLock } from "mcp-widget-kit/build";\nimport { createMockHost } from "mcp-widget-kit/testing";\nconsole.log(JSON.stringify([typeof widgetKit, typeof writeContractLock, typeof createMockHost().setGlobals]));\n`,
    );
    const out = execFileSync("node", ["probe.mjs"], { cwd: app, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(["function", "function", "function"]);
  });

  it("type-checks a consumer against the shipped declarations", () => {
    write(
      "check.ts",
      `import { widgetKit, type WidgetConfig, type WidgetKitOptions } from "mcp-widget-kit/build";\nimport { createMockHost, type MockHost } from "mcp-widget-kit/testing";\n` +
        `const base: Omit<WidgetConfig, "contract"> = { name: "notes", description: "d", prefersBorder: true, domains: {} };\n` +
        `const uri: WidgetKitOptions["htmlFileName"] = "notes.html";\nconst host: MockHost = createMockHost();\n` +
        // Proves the declarations resolved: were they \`any\`, these directives would be unused errors.
        `// @ts-expect-error prefersBorder is a boolean\nconst bad: WidgetConfig["prefersBorder"] = "1";\n// @ts-expect-error setGlobals takes an object\nhost.setGlobals(1);\n` +
        `export const used = [widgetKit, base, uri, host, bad];\n`,
    );
    write(
      "tsconfig.json",
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "Bundler",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          lib: ["ES2023", "DOM"],
        },
        files: ["check.ts"],
      }),
    );
    execFileSync(bin("tsc"), ["-p", "tsconfig.json"], { cwd: app, stdio: "pipe" });
  }, 60_000);

  it("builds the app's own widget with the kit's plugin", () => {
    write(
      "contract.mjs",
      // The contract is shared by vite.config (Node) and the widget: the framework-free entry.
      `import * as v from "valibot";\nimport { defineContract, listKind } from "mcp-widget-kit/contract";\n` +
        `export const notes = defineContract({ kinds: { notes: listKind({ items: "notes", item: v.object({ id: v.string(), text: v.string() }) }) } });\n`,
    );
    write(
      "vite.config.mjs",
      `import { defineConfig } from "vite";\nimport react from "@vitejs/plugin-react";\nimport { widgetKit, defineWidgetConfig } from "mcp-widget-kit/build";\nimport { notes } from "./contract.mjs";\n` +
        `const config = defineWidgetConfig({ name: "notes", description: "Notes", prefersBorder: false, domains: { resource: ["https://img.notes.example"] }, contract: notes });\n` +
        `export default defineConfig({ root: "widget", plugins: [react(), widgetKit({ config, contractLock: false })], build: { outDir: "../dist", emptyOutDir: true } });\n`,
    );
    write(
      "widget/index.html",
      `<!doctype html><html lang="en"><head><title>Notes</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>`,
    );
    write(
      "widget/main.jsx",
      `import { mountWidget, ResultView } from "mcp-widget-kit";\nimport "mcp-widget-kit/styles.css";\nimport { notes } from "../contract.mjs";\n` +
        `mountWidget(<ResultView contract={notes} renderResults={(view) => view.items.map((note) => <p key={note.id}>{note.text}</p>)} />);\n`,
    );
    execFileSync(bin("vite"), ["build", "--logLevel", "error"], {
      cwd: app,
      stdio: "pipe",
      env: { ...process.env, NODE_ENV: "production" },
    });
    const manifest = JSON.parse(readFileSync(join(app, "dist/widget.manifest.json"), "utf8")) as {
      uri: string;
      _meta: { ui: { csp: { resourceDomains: string[] } } };
    };
    expect(manifest.uri).toMatch(/^ui:\/\/widget\/notes-[0-9a-f]{8}\.html$/);
    expect(manifest._meta.ui.csp.resourceDomains).toEqual(["https://img.notes.example"]);
    expect(JSON.parse(readFileSync(join(app, "dist/contract.json"), "utf8"))).toMatchObject({
      contract_version: "1.0",
      kinds: { notes: { type: "object" } },
    });
    const html = readFileSync(join(app, "dist/widget.html"), "utf8");
    expect(/^<!doctype html>/i.test(html)).toBe(true);
    // The kit's stylesheet, imported once by the widget entry, is inline.
    expect(/<style[^>]*>[^<]*--wk-bg/.test(html)).toBe(true);
  }, 60_000);
});
