import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "vite";
import * as checks from "../../src/contract/declaration-checks.ts";
import { NO_DECLARATION_CHECKS, widgetOnlyPlugin } from "../../src/build/widget-only.ts";
import { kitAliases } from "../../scripts/kit-aliases.ts";

const work = mkdtempSync(join(tmpdir(), "mcp-widget-kit-widget-only-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Bundles `entry` (kit imported by package name) with or without the plugin. */
async function bundle(name: string, withPlugin: boolean): Promise<string> {
  const root = join(work, name);
  const entry = join(root, "entry.js");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(
    entry,
    `import { defineContract, listKind } from "mcp-widget-kit/contract";\n` +
      `import { object, string } from "valibot";\n` +
      `export const c = defineContract({ kinds: { things: listKind({ items: "things", item: object({ id: string() }) }) } });\n`,
  );
  await build({
    configFile: false,
    logLevel: "silent",
    root,
    resolve: { alias: kitAliases() },
    plugins: withPlugin ? [widgetOnlyPlugin("test:widget-only")] : [],
    build: {
      outDir: join(root, "dist"),
      minify: false,
      lib: { entry, formats: ["es"], fileName: "out" },
      rollupOptions: { external: [/^valibot/] },
    },
  });
  const dist = join(root, "dist");
  const [file] = readdirSync(dist).filter((f) => /\.m?js$/.test(f));
  return readFileSync(join(dist, file!), "utf8");
}

describe("widgetOnlyPlugin", () => {
  it("stands in for every export of the declaration checks", () => {
    const stand = [...NO_DECLARATION_CHECKS.matchAll(/export function (\w+)/g)].map((m) => m[1]);
    expect(stand.sort()).toEqual(Object.keys(checks).sort());
  });

  it("keeps the checks' messages out of a build, and only there", async () => {
    expect(await bundle("plain", false)).toContain("must be snake_case");
    const widget = await bundle("widget", true);
    expect(widget).not.toContain("must be snake_case");
    expect(widget).toContain("things");
  }, 60_000);

  it("leaves the checks on where the kit runs unbundled", () => {
    expect(() => checks.checkToolRefKind({ kinds: { a: 1 } }, "tool", "b")).toThrow(
      /declares no kind "b"/,
    );
  });
});
