/**
 * No module of the kit imports itself back through others: a cycle makes evaluation order
 * decide what is defined (define-contract ↔ parse was one), and hides which piece is the base.
 * The same holds one level up, for the folders of src/: layers point one way (write → bridge,
 * never back), and the few arrows that would pull a layer into one it must not know are named.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../support/repo-root.ts";

const SRC = path.join(repoRoot, "src");
const SOURCE = /\.(ts|tsx)$/;
// Static imports and re-exports with a relative specifier (type-only ones included).
const SPECIFIER = /^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.{1,2}\/[^"']+)["']/gm;

/** Every relative import of every source file under src/, as absolute paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((file) => SOURCE.test(file))
    .map((file) => path.join(SRC, file));
  for (const file of files) {
    const targets = [...readFileSync(file, "utf8").matchAll(SPECIFIER)]
      .map((match) => path.resolve(path.dirname(file), match[1]!))
      .filter((target) => SOURCE.test(target));
    graph.set(file, targets);
  }
  return graph;
}

/** One cycle of `graph` as a path that ends where it starts, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (node: string): string[] | null => {
    const at = onPath.indexOf(node);
    if (at >= 0) return [...onPath.slice(at), node];
    if (done.has(node)) return null;
    onPath.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    onPath.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The src/ folder a file is in (`bridge`, `core`, …), or "" for a file directly in src/. */
function folderOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : "";
}

/**
 * The folder graph of a file graph: one arrow per pair of folders some file import joins,
 * each with one such import (`from → to`, relative to src/) to say where it is.
 */
function folderGraph(graph: Map<string, string[]>): Map<string, Map<string, string>> {
  const folders = new Map<string, Map<string, string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const arrows = folders.get(from) ?? new Map<string, string>();
    folders.set(from, arrows);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from || arrows.has(to)) continue;
      arrows.set(to, `${path.relative(SRC, file)} → ${path.relative(SRC, target)}`);
    }
  }
  return folders;
}

function folderCycle(folders: Map<string, Map<string, string>>): string[] | null {
  return findCycle(new Map([...folders].map(([from, arrows]) => [from, [...arrows.keys()]])));
}

/**
 * Arrows that must not exist, as [from, to] (`*`: any other file of src/). The server and the
 * dev host run without the Vite plugin, so they take the CSP and resource facts from core, not
 * from build; the bridge is below the write flow; core is the base, it imports no other layer;
 * the write flow and the bridge are framework-free, so they import no hook or component.
 */
const FORBIDDEN: readonly (readonly [string, string])[] = [
  ["server", "build"],
  ["devhost", "build"],
  ["bridge", "write"],
  ["core", "*"],
  ["write", "hooks"],
  ["write", "components"],
  ["bridge", "hooks"],
  ["bridge", "components"],
];

/** The folders that run without a UI framework: the contract, the base, the bridge, the write flow. */
const FRAMEWORK_FREE = ["contract", "core", "bridge", "write"] as const;
const UI_PACKAGE =
  /^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](react|react-dom|preact)(?:\/[^"']*)?["']/m;

/** The files of the framework-free folders that import React or Preact, or are JSX. */
function frameworkImports(files: ReadonlyMap<string, string>): string[] {
  return [...files]
    .filter(([file]) => (FRAMEWORK_FREE as readonly string[]).includes(folderOf(file)))
    .filter(([file, text]) => file.endsWith(".tsx") || UI_PACKAGE.test(text))
    .map(([file]) => path.relative(SRC, file));
}

/** The forbidden arrows of `folders`, each as the import that makes it. */
function forbiddenImports(folders: Map<string, Map<string, string>>): string[] {
  return FORBIDDEN.flatMap(([from, to]) =>
    [...(folders.get(from) ?? [])]
      .filter(([target]) => to === "*" || target === to)
      .map(([, example]) => example),
  );
}

describe("src/ folder layers", () => {
  const file = (name: string) => path.join(SRC, name);

  it("finds a cycle between folders and the import behind each arrow", () => {
    const folders = folderGraph(
      new Map([
        [file("write/flow.ts"), [file("bridge/call.ts"), file("write/view.ts")]],
        [file("bridge/call.ts"), [file("write/sign-in.ts")]],
        [file("bridge/store.ts"), [file("core/is-record.ts")]],
      ]),
    );
    expect(folderCycle(folders)).toEqual(["write", "bridge", "write"]);
    expect(forbiddenImports(folders)).toEqual(["bridge/call.ts → write/sign-in.ts"]);
    expect(
      folderCycle(folderGraph(new Map([[file("write/flow.ts"), [file("bridge/call.ts")]]]))),
    ).toBeNull();
  });

  it("names an import from core into any other folder or into src/ itself", () => {
    const folders = folderGraph(
      new Map([
        [file("core/a.ts"), [file("core/b.ts"), file("contract/c.ts")]],
        [file("core/b.ts"), [file("index.ts")]],
      ]),
    );
    expect(forbiddenImports(folders)).toEqual([
      "core/a.ts → contract/c.ts",
      "core/b.ts → index.ts",
    ]);
  });

  it("reads the kit's folders (a wrong grouping would find no arrows)", () => {
    expect([...(folderGraph(importGraph()).get("write")?.keys() ?? [])]).toContain("bridge");
  });

  it("has no cycle between folders", () => {
    expect(folderCycle(folderGraph(importGraph()))).toBeNull();
  });

  it("has none of the forbidden arrows", () => {
    expect(forbiddenImports(folderGraph(importGraph()))).toEqual([]);
  });

  it("names a React import or a JSX file in a framework-free folder", () => {
    const files = new Map([
      [file("write/flow.ts"), 'import { useState } from "react";'],
      [file("write/view.tsx"), ""],
      [file("bridge/jsx.ts"), 'import type { JSX } from "preact/jsx-runtime";'],
      [file("hooks/use-x.ts"), 'import { useState } from "react";'],
      [file("core/id.ts"), 'import { id } from "./react-free.ts";'],
    ]);
    expect(frameworkImports(files)).toEqual(["write/flow.ts", "write/view.tsx", "bridge/jsx.ts"]);
  });

  it("keeps the contract, core, bridge and write flow framework-free", () => {
    const files = readdirSync(SRC, { recursive: true, encoding: "utf8" })
      .filter((name) => SOURCE.test(name))
      .map((name) => path.join(SRC, name));
    expect(frameworkImports(new Map(files.map((f) => [f, readFileSync(f, "utf8")])))).toEqual([]);
  });
});

describe("src/ import graph", () => {
  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(findCycle(graph)).toEqual(["a", "b", "c", "a"]);
    expect(findCycle(new Map([["a", ["b"]]]))).toBeNull();
  });

  it("reads the kit's imports (a wrong pattern would find none)", () => {
    const parse = importGraph().get(path.join(SRC, "contract/parse.ts")) ?? [];
    expect(parse).toContain(path.join(SRC, "contract/kinds.ts"));
  });

  it("has no cycle", () => {
    const cycle = findCycle(importGraph());
    expect(cycle?.map((file) => path.relative(SRC, file)) ?? null).toBeNull();
  });
});
