/**
 * Reading a folder of recorded tool outputs. Node-only: `node:fs` is imported when a folder is
 * read, so `mcp-widget-kit/testing` stays loadable in a browser (stories use its mock host).
 */
import { isRecord } from "../core/is-record.ts";

/** One fixture file: a recorded `CallToolResult` (or any JSON object with `structuredContent`). */
export interface Fixture {
  /** The file name, e.g. `results--search-notes.json`. */
  readonly file: string;
  /** The file name without `.json`, e.g. `results--search-notes`. */
  readonly name: string;
  /** The whole parsed file. */
  readonly json: unknown;
  /**
   * What the widget receives as its tool output: the file's `structuredContent`
   * (`undefined` when the file has none).
   */
  readonly structuredContent: unknown;
  /** The file's `_meta` (the host's `toolResponseMetadata`), or `null`. */
  readonly meta: unknown;
}

/** A fixture from a file's name and parsed JSON. */
function toFixture(file: string, json: unknown): Fixture {
  return {
    file,
    name: file.replace(/\.json$/, ""),
    json,
    structuredContent: isRecord(json) ? json.structuredContent : undefined,
    meta: isRecord(json) && "_meta" in json ? json._meta : null,
  };
}

/**
 * Every `*.json` file in `dir`, sorted by name. Throws when the folder is missing or holds no
 * fixture, so a wrong path fails the run instead of producing no tests.
 */
export async function readFixtures(dir: string): Promise<Fixture[]> {
  const { readdirSync, readFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  const files = readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new Error(`no fixture files (*.json) in ${dir}`);
  return files.map((file) => toFixture(file, JSON.parse(readFileSync(join(dir, file), "utf8"))));
}
