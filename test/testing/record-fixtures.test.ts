/**
 * `recordFixtures()` against a real MCP server on 127.0.0.1 (the tiny notes app): what it
 * writes, that recording twice writes nothing new, that a wrong state stops it before any
 * file changes, and that fixtures no scenario records are deleted.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { recordFixtures, type RecordedResult } from "../../src/testing/index.ts";
import type { RecordScenario } from "../../src/testing/record-fixtures.ts";
import type { HttpEndpoint } from "../../src/server/http/serve-http.ts";
import { notes, startNotesServer } from "./notes-server.ts";

type NotesState = ReturnType<typeof notes.parse>["state"];

const SCENARIOS: RecordScenario<NotesState>[] = [
  {
    name: "search",
    state: "results",
    calls: [{ tool: "search_notes", arguments: { query: "milk" } }],
  },
  {
    name: "no-match",
    state: "empty",
    calls: [{ tool: "search_notes", arguments: { query: "zzz" } }],
  },
  {
    name: "bad-query",
    state: "error",
    calls: [{ tool: "search_notes", arguments: { query: "", extra: 1 } }],
  },
  {
    name: "second-add",
    state: "committed",
    calls: [
      { tool: "add_note", arguments: { text: "first" } },
      { tool: "add_note", arguments: { text: "second", after: "n1" } },
    ],
  },
];

let server: HttpEndpoint;
let dir: string;

beforeAll(async () => {
  server = await startNotesServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "record-fixtures-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const files = () => readdirSync(dir).sort();
const read = (file: string) => readFileSync(join(dir, file), "utf8");

describe("recordFixtures", () => {
  it("writes each scenario's whole result as <state>--<name>.json, checked by the contract", async () => {
    const report = await recordFixtures({
      contract: notes,
      server: server.url,
      dir,
      scenarios: SCENARIOS,
    });
    const expected = [
      "committed--second-add.json",
      "empty--no-match.json",
      "error--bad-query.json",
      "results--search.json",
    ];
    expect(files()).toEqual(expected);
    expect(report).toEqual({ recorded: expected, changed: expected, removed: [] });

    const search = read("results--search.json");
    // The kit's format: 2-space JSON, one final newline, the result as the client got it.
    expect(search).toBe(`${JSON.stringify(JSON.parse(search), null, 2)}\n`);
    const result = JSON.parse(search) as RecordedResult;
    expect(result).toMatchObject({
      content: [{ type: "text", text: "2 notes" }],
      structuredContent: {
        kind: "note_list",
        ok: true,
        notes: [
          { id: "n1", text: "buy milk (anonymous)" },
          { id: "n3", text: "milk the cows (anonymous)" },
        ],
      },
    });
    expect(notes.parse(result.structuredContent).state).toBe("results");
    // Only the last call of a scenario is recorded.
    expect(JSON.parse(read("committed--second-add.json"))).toMatchObject({
      structuredContent: { note: { id: "n1+1", text: "second" } },
    });
    expect(JSON.parse(read("error--bad-query.json"))).toMatchObject({
      isError: true,
      structuredContent: { ok: false, error: { code: "VALIDATION_FAILED" } },
    });
  });

  it("gives byte-identical files when an unchanged server is recorded again", async () => {
    // A fresh server per run, as `npm run record` does: its request ids start over.
    const recordOnce = async () => {
      const fresh = await startNotesServer();
      try {
        return await recordFixtures({
          contract: notes,
          server: fresh.url,
          dir,
          scenarios: SCENARIOS,
        });
      } finally {
        await fresh.close();
      }
    };
    await recordOnce();
    const first = new Map(files().map((file) => [file, read(file)]));
    expect(read("error--bad-query.json")).toMatch(/"request_id": "req_main_\d+"/);
    const again = await recordOnce();
    expect(again).toMatchObject({ changed: [], removed: [] });
    expect(new Map(files().map((file) => [file, read(file)]))).toEqual(first);
  });

  it("reports the fixtures whose content changed", async () => {
    await recordFixtures({ contract: notes, server: server.url, dir, scenarios: SCENARIOS });
    // The shared server's request-id counter has moved on: only the error carries one.
    const again = await recordFixtures({
      contract: notes,
      server: server.url,
      dir,
      scenarios: SCENARIOS,
    });
    expect(again.changed).toEqual(["error--bad-query.json"]);
  });

  it("deletes the fixtures no scenario records any more, and only those", async () => {
    writeFileSync(join(dir, "results--renamed-away.json"), "{}\n");
    writeFileSync(join(dir, "error--dropped.json"), "{}\n");
    writeFileSync(join(dir, "README.md"), "hand-written\n");
    writeFileSync(join(dir, "hand-made.json"), "{}\n");
    mkdirSync(join(dir, "nested"));
    const report = await recordFixtures({
      contract: notes,
      server: server.url,
      dir,
      scenarios: SCENARIOS.slice(0, 1),
    });
    expect(report.removed).toEqual(["error--dropped.json", "results--renamed-away.json"]);
    expect(files()).toEqual(["README.md", "hand-made.json", "nested", "results--search.json"]);
  });

  it("fails on a result the contract reads as another state, naming scenario and states, and writes nothing", async () => {
    writeFileSync(join(dir, "results--search.json"), "{}\n");
    const wrong: RecordScenario<NotesState>[] = [
      ...SCENARIOS.slice(0, 1),
      {
        name: "outage",
        state: "results",
        calls: [{ tool: "search_notes", arguments: { query: "boom" } }],
      },
    ];
    await expect(
      recordFixtures({ contract: notes, server: server.url, dir, scenarios: wrong }),
    ).rejects.toThrow(
      /scenario "outage" should be "results", but the contract reads its result as "error" \(UPSTREAM_UNAVAILABLE: The notes store is down\.\)/,
    );
    // The folder is as it was: the good scenario's file was not rewritten either.
    expect(files()).toEqual(["results--search.json"]);
    expect(read("results--search.json")).toBe("{}\n");
  });

  it("refuses a name that is taken or not kebab-case", async () => {
    const twice = [SCENARIOS[0]!, { ...SCENARIOS[1]!, name: "search" }];
    await expect(
      recordFixtures({ contract: notes, server: server.url, dir, scenarios: twice }),
    ).rejects.toThrow(/scenario "search" is recorded twice/);
    await expect(
      recordFixtures({
        contract: notes,
        server: server.url,
        dir,
        scenarios: [{ ...SCENARIOS[0]!, name: "Search Notes" }],
      }),
    ).rejects.toThrow(/"Search Notes" must be lower-case words joined by "-"/);
    expect(files()).toEqual([]);
  });

  it("runs a script: ids from earlier results, headers and _meta, a second server", async () => {
    const other = await startNotesServer("other");
    try {
      const report = await recordFixtures({
        contract: notes,
        server: { url: server.url, headers: { "x-user": "recorder" } },
        dir,
        scenarios: async (recorder) => {
          const first = await recorder.call("add_note", { text: "first" });
          const id = (first.structuredContent as { note: { id: string } }).note.id;
          recorder.record(
            "committed",
            "chained",
            await recorder.call("add_note", { text: "2", after: id }),
          );
          recorder.record(
            "results",
            "signed-in",
            await recorder.call("search_notes", { query: "mum" }),
          );
          // A second server's recorder records into the same folder, with the same names.
          const second = await recorder.connect(other.url);
          const elsewhere = await second.call("search_notes", { query: "x" });
          expect(() => second.record("empty", "signed-in", elsewhere)).toThrow(
            'scenario "signed-in" is recorded twice',
          );
          second.record("empty", "other-server", elsewhere);
          // Closed early (before its server stops, say): it calls nothing any more.
          await second.close();
          await expect(second.call("search_notes", { query: "x" })).rejects.toThrow();
        },
      });
      expect(report.recorded).toEqual([
        "committed--chained.json",
        "empty--other-server.json",
        "results--signed-in.json",
      ]);
      expect(JSON.parse(read("committed--chained.json"))).toMatchObject({
        structuredContent: { note: { id: "n0+1+1" } },
      });
      expect(JSON.parse(read("results--signed-in.json"))).toMatchObject({
        structuredContent: { notes: [{ text: "call mum (recorder)" }] },
      });
      expect(JSON.parse(read("empty--other-server.json"))).toMatchObject({
        structuredContent: { no_results_reason: 'nothing matches "x" on other' },
      });
    } finally {
      await other.close();
    }
  });

  it("fails clearly when the server cannot be reached, leaving the folder alone", async () => {
    writeFileSync(join(dir, "results--search.json"), "{}\n");
    const closed = await startNotesServer("closed");
    await closed.close();
    await expect(
      recordFixtures({ contract: notes, server: closed.url, dir, scenarios: SCENARIOS }),
    ).rejects.toThrow();
    expect(files()).toEqual(["results--search.json"]);
  });
});
