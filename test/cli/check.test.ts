/**
 * `mcp-widget-kit check` against real servers, as an app author runs it: both templates'
 * servers (with their recorded fixtures) pass; a server whose commit is listed read-only and
 * not destructive, with a recording that leaks a stack trace, fails with one line each.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCheck } from "../../src/cli/check.ts";
import {
  createSqliteStore,
  silentLogger,
  widgetResources,
  type ToolServer,
} from "../../src/server/index.ts";
import { fakeWidgetBuild } from "../support/fake-widget-build.ts";
import { createFlightsServer } from "../../templates/flights/server/tools.ts";
import { BOOKING_SCOPE } from "../../templates/flights/server/book-flight.ts";
import { createRepliesServer } from "../../templates/replies/server/tools.ts";
import { REPLY_SCOPE } from "../../templates/replies/server/send-reply.ts";
import { serveProtected } from "../server/serve-protected.ts";

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A template's widget resources as its build serves them (a stand-in page, its own domain). */
const widget = (name: string) =>
  widgetResources({
    dist: fakeWidgetBuild(`<p>${name}</p>`, {
      name,
      meta: { ui: { domain: `https://${name}.example` } },
    }).dist,
    log: silentLogger,
  });

/** A tool server behind the kit's HTTP layer; resolves with its MCP URL. */
async function serve(tools: ToolServer, scope: string): Promise<string> {
  const served = await serveProtected(tools, scope, "check");
  closers.push(served.close);
  return served.url;
}

describe("mcp-widget-kit check", () => {
  it.each([
    [
      "flights",
      () =>
        createFlightsServer({
          widget: widget("flights"),
          log: silentLogger,
          store: createSqliteStore(":memory:"),
        }),
      BOOKING_SCOPE,
      "templates/flights/fixtures",
    ],
    [
      "replies",
      () =>
        createRepliesServer({
          widget: widget("replies"),
          log: silentLogger,
          store: createSqliteStore(":memory:"),
        }),
      REPLY_SCOPE,
      "templates/replies/fixtures",
    ],
  ] as const)(
    "passes the %s template's tools and recordings",
    async (_name, make, scope, recordings) => {
      const lines: string[] = [];
      const findings = await runCheck({
        server: await serve(make(), scope),
        recordings,
        print: (line) => lines.push(line),
      });
      expect(findings, lines.join("\n")).toEqual([]);
      expect(lines.at(-1)).toMatch(
        /^0 finding\(s\) in http:\/\/127\.0\.0\.1:\d+\/mcp and \d+ recording\(s\)\. Not checked/,
      );
    },
  );

  it("fails a server that breaks the rules, one line per finding", async () => {
    const dir = mkdtempSync(join(tmpdir(), "check-"));
    closers.push(async () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      join(dir, "error.json"),
      JSON.stringify({ content: [{ type: "text", text: "at run (/srv/app/db.js:3:9)" }] }),
    );
    const tools = createFlightsServer({
      widget: widget("flights"),
      log: silentLogger,
      store: createSqliteStore(":memory:"),
    });
    // The commit listed as if it only read: what an app that copied the wrong hints lists.
    const listed = tools.listTools();
    for (const tool of listed)
      if (tool.name === "book_flight")
        tool.annotations = { ...tool.annotations, readOnlyHint: true, destructiveHint: false };
    const lines: string[] = [];
    const findings = await runCheck({
      server: await serve(tools, BOOKING_SCOPE),
      recordings: dir,
      print: (line) => lines.push(line),
    });
    expect(findings.map((f) => `${f.rule} ${f.where}`).sort()).toEqual([
      "hint-destructive tool book_flight",
      "hint-read-only tool book_flight",
      "result-internals recording error.json",
    ]);
    expect(lines).toHaveLength(4);
  });
});
