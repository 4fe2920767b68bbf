/**
 * Dependencies point one way: GiftGenius (`examples/`) uses the kit like any app, and nothing
 * outside `examples/` — the kit's sources, tests, stories, Storybook config, scripts,
 * templates, benches, configs — imports it, by relative path or by an alias (the workspace's
 * package name, a tsconfig path, a root-relative `examples/…`). Otherwise the kit's checks
 * would pass only with the reference app beside them, and a change to the app could break the
 * kit.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../support/repo-root.ts";

const EXAMPLES = path.join(repoRoot, "examples");
/** This file, whose samples below are written as imports into examples/. */
const SELF = "test/contract/no-examples-imports.test.ts";
/**
 * Files that still import GiftGenius, each to be moved into examples/ or onto the kit's fixture
 * shop; the list may only shrink (a test below fails when an entry no longer imports it).
 */
const NOT_YET: readonly string[] = ["bench/server.ts"];
const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|mdx)$/;
// Static imports and re-exports, `import "x"`, `import("x")` (type positions included),
// `require("x")`, `import.meta.glob("x")`.
const SPECIFIERS = [
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"']+)["']/gm,
  /^\s*import\s*["']([^"']+)["']/gm,
  /\bimport\s*\(\s*["']([^"']+)["']/g,
  /\brequire\s*\(\s*["']([^"']+)["']/g,
  /\bimport\.meta\.glob\s*\(\s*["']([^"']+)["']/g,
];

/** The repository's files (tracked and new, not ignored), relative to its root. */
function repositoryFiles(): string[] {
  const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  return out
    .split("\n")
    .filter(Boolean)
    .filter((file) => existsSync(path.join(repoRoot, file)));
}

/** The names a bare specifier may reach `examples/` by: its packages' names, tsconfig paths into it. */
function examplesAliases(): string[] {
  const workspaces =
    (
      JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as {
        workspaces?: string[];
      }
    ).workspaces ?? [];
  const names = workspaces
    .map((folder) => path.join(repoRoot, folder, "package.json"))
    .filter((file) => file.startsWith(EXAMPLES + path.sep) && existsSync(file))
    .map((file) => (JSON.parse(readFileSync(file, "utf8")) as { name: string }).name);
  const tsconfig = JSON.parse(
    readFileSync(path.join(repoRoot, "tsconfig.json"), "utf8").replace(/^\s*\/\/.*$/gm, ""),
  ) as { compilerOptions?: { paths?: Record<string, string[]> } };
  const paths = Object.entries(tsconfig.compilerOptions?.paths ?? {})
    .filter(([, targets]) =>
      targets.some((target) => path.resolve(repoRoot, target).startsWith(EXAMPLES + path.sep)),
    )
    .map(([name]) => name.replace(/\/\*$/, ""));
  return [...names, ...paths];
}

/** Whether `specifier`, written in `file` (relative to the root), reaches into `examples/`. */
export function reachesExamples(file: string, specifier: string, aliases: string[]): boolean {
  const target = specifier.startsWith(".")
    ? path.resolve(repoRoot, path.dirname(file), specifier)
    : specifier.startsWith("/")
      ? path.join(repoRoot, specifier)
      : null;
  if (target) return target === EXAMPLES || target.startsWith(EXAMPLES + path.sep);
  if (/^examples(\/|$)/.test(specifier)) return true;
  return aliases.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** Every import into `examples/` of the given files (`file: specifier`). */
export function importsOfExamples(
  files: ReadonlyMap<string, string>,
  aliases: string[] = examplesAliases(),
): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    if (file === SELF || file.startsWith("examples/")) continue;
    for (const pattern of SPECIFIERS)
      for (const match of text.matchAll(pattern))
        if (reachesExamples(file, match[1]!, aliases)) found.push(`${file}: ${match[1]}`);
  }
  return found;
}

describe("nothing outside examples/ imports examples/", () => {
  it("finds a relative import, an alias, a dynamic import and a require into examples/", () => {
    const files = new Map([
      ["stories/a.stories.tsx", 'import { App } from "../examples/giftgenius/widget/app.tsx";'],
      ["bench/b.ts", 'const m = await import("../examples/giftgenius/contract.ts");'],
      ["scripts/c.cjs", 'const x = require("giftgenius/server/app.ts");'],
      ["test/d.ts", 'export { x } from "/examples/giftgenius/shop.ts";'],
      ["e.config.ts", 'import shop from "examples/giftgenius/shop.ts";'],
      ["src/f.ts", 'import { y } from "./examples-like.ts";\nimport "../lib/x.ts";'],
      ["examples/giftgenius/g.ts", 'import { z } from "../../examples/giftgenius/h.ts";'],
    ]);
    expect(importsOfExamples(files, ["giftgenius"])).toEqual([
      "stories/a.stories.tsx: ../examples/giftgenius/widget/app.tsx",
      "bench/b.ts: ../examples/giftgenius/contract.ts",
      "scripts/c.cjs: giftgenius/server/app.ts",
      "test/d.ts: /examples/giftgenius/shop.ts",
      "e.config.ts: examples/giftgenius/shop.ts",
    ]);
  });

  it("knows GiftGenius' package name as an alias (a wrong reading would find none)", () => {
    expect(examplesAliases()).toContain("giftgenius");
  });

  it("has no such import in the repository", () => {
    const files = repositoryFiles().filter((file) => CODE.test(file));
    expect(files.length).toBeGreaterThan(100);
    const texts = new Map(
      files.map((file) => [file, readFileSync(path.join(repoRoot, file), "utf8")]),
    );
    const found = importsOfExamples(texts);
    expect(found.filter((hit) => !NOT_YET.some((file) => hit.startsWith(`${file}: `)))).toEqual([]);
    // An entry that no longer imports examples/ leaves the list.
    expect(NOT_YET.filter((file) => !found.some((hit) => hit.startsWith(`${file}: `)))).toEqual([]);
  });
});
