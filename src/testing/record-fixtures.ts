/**
 * `recordFixtures()`: drives an app's own MCP server through its scenarios and writes each
 * whole `CallToolResult` to `<dir>/<state>--<scenario>.json` — the fixture folder that
 * `snapshotFixtures()` turns into snapshot tests. The app keeps what only it knows (how to
 * start its server, a fixed clock and request ids, who calls); the kit keeps what makes the
 * folder trustworthy: every result is checked against the app's contract before anything is
 * written, file names and formatting never vary, and a fixture no scenario records any more
 * is deleted, so a removed scenario cannot leave a stale file behind.
 */
import type { RecordedResult, RecordServer, ToolCaller } from "./tool-caller.ts";
import { connectToolCaller } from "./connect-tool-caller.ts";

/**
 * What a scenario script gets: one server's tools, and a way to keep a result as a fixture.
 * `connect` gives another one on a second server, recording into the same folder.
 */
export interface Recorder<State extends string> {
  /**
   * Calls `tool` with `args` (default `{}`) on this recorder's server and returns the whole
   * result (an `isError` result is returned, not thrown). Nothing is recorded until `record`
   * is called.
   */
  call(tool: string, args?: { readonly [key: string]: unknown }): Promise<RecordedResult>;
  /**
   * Keeps `result` as `<state>--<name>.json` and returns it. Throws at once, naming the
   * scenario, when the contract does not read it as `state` or the name is taken.
   */
  record(state: State, name: string, result: RecordedResult): RecordedResult;
  /**
   * A recorder on another server (a second configuration, say), recording into the same
   * folder; its connection is closed when the recording ends, or by its `close`.
   */
  connect(server: RecordFixturesOptions<State>["server"]): Promise<Recorder<State>>;
  /**
   * Closes this recorder's connection now (before its server stops, say); every connection
   * is closed when the recording ends anyway. Safe to call twice.
   */
  close(): Promise<void>;
}

/** Options of {@link recordFixtures}. */
export interface RecordFixturesOptions<State extends string> {
  /**
   * The app's contract (`defineContract`'s): every recorded result must parse to its
   * scenario's state. Only `parse` is used; the view's `state` is the widget's `data-state`.
   */
  readonly contract: {
    parse(structuredContent: unknown, meta?: unknown): { readonly state: State };
  };
  /**
   * The server to record from: its Streamable HTTP endpoint URL (e.g.
   * `http://127.0.0.1:8787/mcp`), or the URL with `headers` sent with every request (e.g.
   * `{ authorization: "Bearer …" }` for a signed-in caller), `meta` sent as every
   * `tools/call`'s `_meta` (host values such as `openai/locale`) and `protocolVersion`: speak
   * exactly this revision (e.g. `"2026-07-28"`) and fail if the server does not offer it
   * (default: negotiate — the current revision when the server has it, else 2025-11-25).
   */
  readonly server: string | URL | RecordServer;
  /**
   * The fixture folder (absolute path; created if missing). It belongs to the recorder: every
   * `<state>--<name>.json` in it that this run does not record is deleted.
   */
  readonly dir: string;
  /**
   * The scenarios: a list, or a script that calls `recorder.record` for each (for flows the
   * list cannot say: ids from earlier results, faults, time, a second server). A scenario as
   * data: its calls run in order and the last one's result is recorded.
   */
  readonly scenarios:
    | readonly {
        /** Lower-case words joined by `-`, e.g. `search-notes`; unique within a recording. */
        readonly name: string;
        /** The state the contract must read the recorded result as; the file is `<state>--<name>.json`. */
        readonly state: NoInfer<State>;
        /**
         * The `tools/call`s, in order: the tool's name (e.g. `search_notes`) and its `arguments`
         * (default `{}`; any JSON, so a scenario can send bad input). Only the last result is
         * recorded; the ones before it set the scene (a first commit before its replay, say).
         */
        readonly calls: readonly [
          { readonly tool: string; readonly arguments?: { readonly [key: string]: unknown } },
          ...{ readonly tool: string; readonly arguments?: { readonly [key: string]: unknown } }[],
        ];
      }[]
    | ((recorder: Recorder<NoInfer<State>>) => Promise<void>);
}

/** A scenario as data (the kit's own tests name it). */
export type RecordScenario<State extends string> = Extract<
  RecordFixturesOptions<State>["scenarios"],
  readonly unknown[]
>[number];

/** What a recording did to the fixture folder. */
type RecordReport = Awaited<ReturnType<typeof recordFixtures>>;

/** Scenarios as code. */
type RecordScript<State extends string> = Exclude<
  RecordFixturesOptions<State>["scenarios"],
  readonly unknown[]
>;

/** A state as it appears in a file name: what `DOM_STATES` holds (snake case). */
const STATE = /^[a-z][a-z0-9_]*$/;
/** A scenario name: lower-case words joined by single hyphens. */
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A file the recorder writes, and so the files it may delete. */
const FIXTURE_FILE = /^[a-z][a-z0-9_]*--[a-z0-9]+(?:-[a-z0-9]+)*\.json$/;

/** One fixture's file text: 2-space JSON with a final newline, keys in the order received. */
function fixtureText(result: RecordedResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/** Why a result is not what its scenario declared, in words (the parse view's error or reason). */
function describeMismatch(view: { readonly state: string }, result: RecordedResult): string {
  const detail = view as { error?: { code?: unknown; message?: unknown }; reason?: unknown };
  const why =
    view.state === "error" && detail.error
      ? `${String(detail.error.code)}: ${String(detail.error.message)}`
      : typeof detail.reason === "string"
        ? detail.reason
        : undefined;
  const content = JSON.stringify(result.structuredContent) ?? "no structuredContent";
  return `${why ? ` (${why})` : ""}; structuredContent: ${content.slice(0, 400)}`;
}

const toServer = (server: RecordFixturesOptions<string>["server"]): RecordServer =>
  typeof server === "string" || server instanceof URL ? { url: server } : server;

/** Runs a list of scenarios through a recorder. */
function scriptOf<State extends string>(
  scenarios: readonly RecordScenario<State>[],
): RecordScript<State> {
  return async (recorder) => {
    for (const scenario of scenarios) {
      let result: RecordedResult | undefined;
      for (const call of scenario.calls) result = await recorder.call(call.tool, call.arguments);
      if (!result) throw new Error(`recordFixtures: scenario "${scenario.name}" makes no call`);
      recorder.record(scenario.state, scenario.name, result);
    }
  };
}

/** Writes the recorded files and deletes the stale ones. */
async function writeFixtures(
  dir: string,
  recorded: ReadonlyMap<string, RecordedResult>,
): Promise<RecordReport> {
  const { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } = await import("node:fs");
  const { join } = await import("node:path");
  mkdirSync(dir, { recursive: true });
  const before = new Set(readdirSync(dir));
  const changed: string[] = [];
  for (const [file, result] of recorded) {
    const text = fixtureText(result);
    // An unchanged file is left alone (its mtime too), so the report names real changes.
    if (before.has(file) && readFileSync(join(dir, file), "utf8") === text) continue;
    writeFileSync(join(dir, file), text);
    changed.push(file);
  }
  const removed = [...before].filter((file) => FIXTURE_FILE.test(file) && !recorded.has(file));
  for (const file of removed) rmSync(join(dir, file));
  return {
    recorded: [...recorded.keys()].sort(),
    changed: changed.sort(),
    removed: removed.sort(),
  };
}

/**
 * Records an app's tool results into a fixture folder. Connects to `server` with the MCP
 * client (the optional peer `@modelcontextprotocol/client`), runs the scenarios, checks each
 * recorded result with `contract.parse`, and only when every scenario succeeded writes
 * `<dir>/<state>--<name>.json` per result (the whole `CallToolResult`, 2-space JSON) and
 * deletes the folder's other `<state>--<name>.json` files. A failed recording leaves the folder
 * as it was.
 *
 * Determinism is shared: the app makes its server repeatable (fixed clock, request ids,
 * caller); the kit fixes names, formatting and the set of files, so recording an unchanged
 * server rewrites nothing.
 *
 * @returns What the recording did to the folder, as file names, sorted: `recorded` (every
 *   fixture of this run), `changed` (new, or different from the file before) and `removed`
 *   (fixture files no scenario recorded, deleted).
 *
 * @example
 * ```ts
 * const report = await recordFixtures({
 *   contract: notes,
 *   server: "http://127.0.0.1:8787/mcp",
 *   dir: fileURLToPath(new URL("../test/fixtures/", import.meta.url)),
 *   scenarios: [
 *     { name: "search", state: "results", calls: [{ tool: "search_notes", arguments: { query: "milk" } }] },
 *     { name: "no-match", state: "empty", calls: [{ tool: "search_notes", arguments: { query: "zzz" } }] },
 *   ],
 * });
 * ```
 */
export async function recordFixtures<State extends string>(
  options: RecordFixturesOptions<State>,
): Promise<{
  /** Every fixture this run recorded. */
  readonly recorded: readonly string[];
  /** The recorded fixtures that are new or whose content differs from the file before. */
  readonly changed: readonly string[];
  /** Fixture files that no scenario recorded, deleted. */
  readonly removed: readonly string[];
}> {
  const { contract } = options;
  const script =
    typeof options.scenarios === "function" ? options.scenarios : scriptOf(options.scenarios);
  const recorded = new Map<string, RecordedResult>();
  const names = new Set<string>();
  const callers: ToolCaller[] = [];
  function record(state: State, name: string, result: RecordedResult): RecordedResult {
    if (!NAME.test(name))
      throw new Error(
        `recordFixtures: scenario name "${name}" must be lower-case words joined by "-"`,
      );
    if (!STATE.test(state))
      throw new Error(`recordFixtures: scenario "${name}" declares an unknown state "${state}"`);
    if (names.has(name)) throw new Error(`recordFixtures: scenario "${name}" is recorded twice`);
    const view = contract.parse(result.structuredContent, result._meta);
    if (view.state !== state)
      throw new Error(
        `recordFixtures: scenario "${name}" should be "${state}", but the contract reads ` +
          `its result as "${view.state}"${describeMismatch(view, result)}`,
      );
    names.add(name);
    recorded.set(`${state}--${name}.json`, result);
    return result;
  }
  /** A recorder on one more connection; every connection is closed when the recording ends. */
  async function connect(server: RecordFixturesOptions<State>["server"]): Promise<Recorder<State>> {
    const caller = await connectToolCaller(toServer(server));
    callers.push(caller);
    return {
      call: (tool, args) => caller.call(tool, args),
      close: () => caller.close(),
      record,
      connect,
    };
  }
  try {
    await script(await connect(options.server));
  } finally {
    // Settled, not all: a failing close must not hide the scenario's own error.
    await Promise.allSettled(callers.map((caller) => caller.close()));
  }
  return writeFixtures(options.dir, recorded);
}
