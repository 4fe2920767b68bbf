/**
 * Every name the README and docs/*.md import from the kit exists in that entry's public API:
 * the import lines of their code blocks, checked against the committed API reports
 * (`api/*.api.md`, which `npm run api` keeps equal to what the package ships).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("../..", import.meta.url));

/** `mcp-widget-kit/server` → the names its report declares. */
function reportedNames(entry: string): Set<string> {
  const file = join(repo, "api", `${entry.replace("/", "-")}.api.md`);
  const report = readFileSync(file, "utf8");
  const names = new Set<string>();
  const declaration =
    /^export (?:declare )?(?:function|const|class|interface|type|let|enum|namespace) (\w+)/gm;
  for (const match of report.matchAll(declaration)) names.add(match[1]!);
  for (const match of report.matchAll(/^export \{ (\w+)(?: as (\w+))? \}/gm))
    names.add(match[2] ?? match[1]!);
  return names;
}

interface DocImport {
  doc: string;
  entry: string;
  name: string;
}

/** Named imports from `mcp-widget-kit*` in the fenced code blocks of a Markdown file. */
function importsIn(doc: string): DocImport[] {
  const text = readFileSync(join(repo, doc), "utf8");
  const blocks = [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return blocks.flatMap((code) =>
    [
      ...code.matchAll(
        /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"(mcp-widget-kit(?:\/[\w-]+)?)"/g,
      ),
    ].flatMap(([, list, entry]) =>
      list!
        .split(",")
        .map(
          (part) =>
            part
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean)
        .map((name) => ({ doc, entry: entry!, name })),
    ),
  );
}

const docs = ["README.md", ...readdirSync(join(repo, "docs")).map((f) => `docs/${f}`)].filter((f) =>
  f.endsWith(".md"),
);
const imports = docs.flatMap(importsIn);

describe("names imported in the README and docs", () => {
  it("are found", () => expect(imports.length).toBeGreaterThan(10));

  it.each(imports.map((i) => [`${i.doc}: ${i.name} from ${i.entry}`, i] as const))(
    "%s is exported",
    (_label, { entry, name }) => {
      expect(reportedNames(entry)).toContain(name);
    },
  );
});
