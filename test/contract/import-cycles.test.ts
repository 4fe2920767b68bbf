/**
 * No module of the kit imports itself back through others: a cycle makes evaluation order
 * decide what is defined (define-contract ↔ parse was one), and hides which piece is the base.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { repoRoot } from "../support/payloads.ts";

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
