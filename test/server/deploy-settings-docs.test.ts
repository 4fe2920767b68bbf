/**
 * docs/deploy.md's table of a created app's settings names exactly what `serveApp` reads
 * (`SERVE_APP_SETTINGS`): a setting added to the code without a row, or a row for a setting
 * the code no longer reads, fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVE_APP_SETTINGS } from "../../src/server/app/app-settings.ts";

const doc = readFileSync(new URL("../../docs/deploy.md", import.meta.url), "utf8");

/** The first-column names of the table under `heading`. */
function tableNames(heading: string): string[] {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`no section ${heading}`);
  const section = doc.slice(start + heading.length + 2).split(/\n#{2,3} /)[0]!;
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => /^\| `([A-Z_]+)`/.exec(line)?.[1] ?? "");
}

describe("docs/deploy.md, a created app's settings", () => {
  it("lists every setting serveApp reads, and no other", () => {
    expect(tableNames("### A created app's settings").sort()).toEqual(
      [...SERVE_APP_SETTINGS].sort(),
    );
  });
});
