/**
 * The function-length count: a function's own lines leave its nested functions' bodies out
 * (each is its own entry), and the check fails, naming the function, when one is over the
 * limit.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { measureSource, overLimit, sourceFiles } from "../../scripts/function-length.ts";

const repo = fileURLToPath(new URL("../..", import.meta.url));

/** `count` statement lines, each on its own line. */
const statements = (count: number, indent = "  "): string =>
  Array.from({ length: count }, (_, i) => `${indent}total += ${i};`).join("\n");

const NESTED = `export function outer(): number {
  let total = 0;
  const inner = () => {
${statements(10, "    ")}
  };
  function named(): void {
${statements(5, "    ")}
  }
  [1, 2].map((n) => n * 2);
  inner();
  named();
  return total;
}

class Cart {
  total = 0;
  add(): void {
${statements(3, "    ")}
  }
  private readonly bump = () => {
    this.total++;
  };
}
`;

describe("function-length", () => {
  it("counts a function's body without its nested functions' bodies", () => {
    const found = measureSource("fixture.ts", NESTED);
    const byName = new Map(found.map((entry) => [entry.name, entry.ownLines]));
    // outer: 26 body lines ({ … }) less inner's 12, named's 7 and the map callback's line.
    expect(byName.get("outer")).toBe(26 - 12 - 7 - 1);
    expect(byName.get("inner")).toBe(12);
    expect(byName.get("named")).toBe(7);
    expect(byName.get("<arrow>")).toBe(1);
    expect(byName.get("Cart.add")).toBe(5);
    expect(byName.get("Cart.bump")).toBe(3);
    expect(found.find((entry) => entry.name === "inner")?.line).toBe(3);
  });

  it("takes a line shared by two one-line callbacks once", () => {
    const source = `function f(xs: number[]) {\n  return xs.map((x) => x).filter((x) => x > 1);\n}\n`;
    expect(measureSource("f.ts", source).find((entry) => entry.name === "f")?.ownLines).toBe(2);
  });

  it("reads .tsx components", () => {
    const source = `export function View() {\n  return (\n    <div>\n      <p>hi</p>\n    </div>\n  );\n}\n`;
    expect(measureSource("view.tsx", source)).toEqual([
      { file: "view.tsx", name: "View", line: 1, ownLines: 7 },
    ]);
  });

  describe("the command", () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(path.join(tmpdir(), "function-length-"));
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/function-length.ts", ...args], {
        cwd: repo,
        encoding: "utf8",
      });

    it("fails naming the functions over the limit, longest first", () => {
      const long = `export function long(): number {\n  let total = 0;\n${statements(85)}\n  return total;\n}\n`;
      const longer = `export const longer = (): number => {\n  let total = 0;\n${statements(90)}\n  return total;\n};\n`;
      writeFileSync(path.join(dir, "long.ts"), long);
      writeFileSync(path.join(dir, "longer.ts"), longer);
      writeFileSync(path.join(dir, "fine.ts"), NESTED);
      expect(overLimit([path.join(dir, "long.ts")]).map((entry) => entry.ownLines)).toEqual([89]);
      const result = run(dir);
      expect(result.status).toBe(1);
      const lines = result.stdout.trim().split("\n");
      expect(lines[0]).toMatch(/^ *94 {2}longer {2}.*longer\.ts:1$/);
      expect(lines[1]).toMatch(/^ *89 {2}long {2}.*long\.ts:1$/);
      expect(lines[2]).toBe("function-length: 2 function(s) over 80 own lines");
      expect(result.stdout).not.toContain("outer");
    });

    it("passes when nothing is over the limit, and honours --limit", () => {
      writeFileSync(path.join(dir, "fine.ts"), NESTED);
      expect(run(dir).status).toBe(0);
      const strict = run("--limit", "11", dir);
      expect(strict.status).toBe(1);
      expect(strict.stdout).toContain("inner");
      expect(strict.stdout).not.toContain("outer");
    });
  });
});

/**
 * Keeps src/ within 80 own lines per function (issue 61): none is over, and none may be (also
 * `npm run functions`, part of `npm run lint`).
 */
describe("src/", () => {
  it("has no function over 80 own lines", () => {
    const over = overLimit(sourceFiles([path.join(repo, "src")])).map(
      (entry) => `${path.relative(repo, entry.file).split(path.sep).join("/")}:${entry.name}`,
    );
    expect(over).toEqual([]);
  });
});
