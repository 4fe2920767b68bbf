/**
 * The design lives in the repository: docs/architecture.md names every folder of src/ and every
 * entry of the package, its links lead to files that exist, and no source or test file cites a
 * design file outside the repository (a clone could not read it).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const architecture = readFileSync(path.join(repo, "docs/architecture.md"), "utf8");
// Spelled in two parts so this file does not cite it itself.
const OUTSIDE_FILE = "DE" + "SIGN.md";
const SCANNED = [
  "src",
  "test",
  "examples",
  "templates",
  "scripts",
  "bench",
  "stories",
  ".storybook",
];
const SKIPPED = new Set(["node_modules", "dist", "lib", "__snapshots__"]);

/** The first cells of the folder table (`| \`name\` | purpose |` rows). */
function tableFolders(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^\| `([\w-]+)` +\|/gm)].map((match) => match[1]!));
}

/** Every file under `dir`, skipping installs and builds. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

describe("docs/architecture.md", () => {
  it("reads the folder table (a wrong pattern would find none)", () => {
    expect(tableFolders("| `core` | facts |\nsee `x` |\n| `a`, `b` |\n")).toEqual(
      new Set(["core"]),
    );
  });

  it("names every folder of src/ in its folder table", () => {
    const folders = readdirSync(path.join(repo, "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(5);
    const named = tableFolders(architecture);
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });

  it("names every entry of the package", () => {
    const { exports } = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    const entries = Object.keys(exports)
      .filter((entry) => entry !== "./package.json")
      .map((entry) => (entry === "." ? "mcp-widget-kit" : `mcp-widget-kit${entry.slice(1)}`));
    expect(entries.filter((entry) => !architecture.includes(`\`${entry}\``))).toEqual([]);
  });

  it("keeps src/server's root to the tool pipeline, and names each of its rooms", () => {
    const server = path.join(repo, "src/server");
    const entries = readdirSync(server, { withFileTypes: true });
    const rootFiles = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    // The pipeline: index, tool-server, define-tool, tool-definition, tool-failure, results.
    expect(rootFiles.length).toBeGreaterThan(0);
    expect(rootFiles.length).toBeLessThanOrEqual(6);
    const row = architecture.split("\n").find((line) => line.startsWith("| `server`")) ?? "";
    const rooms = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(rooms.length).toBeGreaterThan(5);
    expect(rooms.filter((room) => !row.includes(`\`${room}/\``))).toEqual([]);
    expect(rootFiles.filter((file) => !row.includes(`\`${file.replace(/\.ts$/, "")}\``))).toEqual(
      [],
    );
  });

  it("links only to files that exist", () => {
    const links = [...architecture.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(0);
    const docs = path.join(repo, "docs");
    expect(links.filter((link) => !existsSync(path.resolve(docs, link)))).toEqual([]);
  });
});

describe("citations of the design", () => {
  it("no file of the kit, its tests, apps or tools cites a design file outside the repository", () => {
    const citing = SCANNED.flatMap((dir) => filesUnder(path.join(repo, dir)))
      .filter((file) => readFileSync(file, "utf8").includes(OUTSIDE_FILE))
      .map((file) => path.relative(repo, file));
    expect(citing).toEqual([]);
  });
});
