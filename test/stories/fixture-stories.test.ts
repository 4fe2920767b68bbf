/**
 * The fixture story generator: one CSF export per JSON file, stable names, and the Storybook
 * index it produces for the real recorded-fixtures story file (every file has a story).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadCsf } from "storybook/internal/csf-tools";
import {
  exportNameFor,
  expandFixtureStories,
  fixtureStoriesIndexer,
} from "../../.storybook/fixture-stories.ts";
import { repoRoot } from "../support/repo-root.ts";

const STORY = `export default { title: "T" };\n// fixture-stories: ./files\n`;

function storyExports(code: string, fileName: string): string[] {
  return loadCsf(code, { fileName, makeTitle: (title) => title ?? "T" })
    .parse()
    .indexInputs.map((input) => input.exportName);
}

describe("fixture stories", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "fixture-stories-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names exports after files, as identifiers", () => {
    expect(exportNameFor("/x/order--replay.json")).toBe("OrderReplay");
    expect(exportNameFor("/x/2031-draft.json")).toBe("F2031Draft");
    expect(exportNameFor("/x/---.json")).toBe("Fixture");
  });

  it("adds one story per JSON file, unique names, other files ignored", () => {
    const files = path.join(dir, "files"); // the folder the marker names
    mkdirSync(files);
    for (const name of ["a-b.json", "a_b.json", "c.json", "notes.txt"])
      writeFileSync(path.join(files, name), "{}");
    const storyFile = path.join(dir, "x.fixtures.stories.tsx");
    const code = expandFixtureStories(STORY, storyFile);
    expect(storyExports(code, storyFile)).toEqual(["AB", "AB_", "C"]);
    expect(code).toContain('import __fixture0 from "./files/a-b.json";');
  });

  it("says so when the folder is missing", () => {
    const storyFile = path.join(dir, "x.fixtures.stories.tsx");
    expect(storyExports(expandFixtureStories(STORY, storyFile), storyFile)).toEqual(["NoFiles"]);
  });

  it("leaves a file without the marker alone", () => {
    const code = "export default {};\nexport const A = {};\n";
    expect(expandFixtureStories(code, path.join(dir, "y.fixtures.stories.tsx"))).toBe(code);
  });

  it("indexes one story for every recorded result of the kit's fixture app", async () => {
    const storyFile = path.join(repoRoot, "stories/fixtures/recorded.fixtures.stories.tsx");
    const entries = await fixtureStoriesIndexer.createIndex(storyFile, {
      makeTitle: (title) => title ?? "untitled",
    });
    const files = readdirSync(path.join(repoRoot, "test/fixture-app/fixtures"))
      .filter((file) => file.endsWith(".json"))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(entries.map((entry) => entry.name)).toEqual(files);
    expect(new Set(entries.map((entry) => entry.title))).toEqual(
      new Set(["Fixtures/Recorded tool outputs"]),
    );
  });
});
