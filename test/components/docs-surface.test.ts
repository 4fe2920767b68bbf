// @vitest-environment node
/**
 * The documented surface stays the real one: docs/components.md's table of message keys is
 * the English catalog, key for key and word for word, and its list of styling hooks is every
 * `wk-*` class of the kit's CSS and every `--wk-*` token; its prop tables are the props types,
 * prop for prop.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "../../src/i18n/messages/en.ts";

const read = (path: string) => readFileSync(join(process.cwd(), path), "utf8");
const docs = read("docs/components.md");

/** A section of the doc, from its heading to the next heading of the same level. */
function section(heading: string): string {
  const start = docs.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`docs/components.md has no "${heading}"`);
  const rest = docs.slice(start + heading.length + 2);
  const end = rest.search(/\n### |\n## /);
  return end < 0 ? rest : rest.slice(0, end);
}

/** How the table shows a message: the text, or a function's text for a `{value}` argument. */
function shown(value: string | ((value: never) => string)): string {
  return typeof value === "string" ? value : (value as (v: string) => string)("{value}");
}

describe("docs/components.md", () => {
  it("lists every message key of the English catalog, with its English text", () => {
    const rows = section("### Message keys")
      .split("\n")
      .filter((line) => /^\| `/.test(line))
      .map((line) => {
        const [, key, text] = /^\| `([A-Za-z]+)`\s*\| (.*?)\s*\|$/.exec(line) ?? [];
        return [key, text?.replaceAll("\\|", "|")];
      });
    const catalog = Object.entries(en).map(([key, value]) => [key, shown(value)]);
    expect(rows).toEqual(catalog);
  });

  it('says which message keys the kit reserves: the table, not a few of them and "…"', () => {
    const appMessages = section("## App messages").split("\n### ")[0]!;
    expect(appMessages).toContain("[Message keys](#message-keys)");
    expect(appMessages).not.toMatch(/`[A-Za-z]+`, …\)/);
  });

  it("lists every styling hook the kit's CSS has", () => {
    const listed = new Set(section("### Styling hooks").match(/`(\.wk-[a-z-]+|--wk-[a-z-]+)`/g));
    const css = read("src/styles/kit.css") + read("src/styles/tokens.css");
    const classes = new Set(css.match(/\.wk-[a-z-]+/g));
    const tokens = new Set(css.match(/--wk-[a-z-]+(?=:)/g));
    expect([...listed].map((hook) => hook.slice(1, -1)).sort()).toEqual(
      [...classes, ...tokens].sort(),
    );
  });

  /** The members of `export interface name` in `file` (its own, then those of `ErrorWords`). */
  function propsOf(file: string, name: string): string[] {
    const source = read(file);
    const start = source.indexOf(`export interface ${name}`);
    if (start < 0) throw new Error(`${file} has no interface ${name}`);
    const body = source.slice(start, source.indexOf("\n}", start));
    const own = [...body.matchAll(/^ {2}readonly (\w+)\??:/gm)].map((match) => match[1]!);
    const inherited = /extends ErrorWords/.test(body.split("\n")[0]!)
      ? propsOf("src/components/error-class.ts", "ErrorWords")
      : [];
    return [...own, ...inherited];
  }

  it.each([
    ["## ResultView", "src/components/result-view.tsx", "ResultViewProps"],
    ["## ConfirmDraft", "src/components/confirm-draft.tsx", "ConfirmDraftProps"],
  ])("the prop table under %s is %s's props", (heading, file, name) => {
    const rows = section(heading)
      .split("\n")
      .map((line) => /^\| `(\w+)\??`/.exec(line)?.[1])
      .filter((prop): prop is string => prop !== undefined);
    expect(rows.sort()).toEqual(propsOf(file, name).sort());
  });
});
