/**
 * A tiny MCP app for the dev host's own tests: one widget tool (`show`), one write-ish tool
 * the widget calls (`counter`), the fixture widget as a resource, and the dev host in front —
 * wired exactly the way docs/devhost.md tells an app to wire it.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  acceptedContent,
  createMcpHandler,
  inputRequired,
  McpServer,
} from "@modelcontextprotocol/server";
import { z } from "zod";
import { createDevHostHandler, type DevHostOptions } from "../../../src/devhost/index.ts";

const WIDGET_URI = "ui://fixture/widget.html";
/** The fixture widget's HTML (both protocols). */
export const FIXTURE_WIDGET_HTML = readFileSync(
  new URL("./fixture-widget.html", import.meta.url),
  "utf8",
);

/** A running fixture app. */
export interface FixtureApp {
  readonly url: string;
  readonly server: Server;
  faults: string;
  counter: number;
  /** Calls of the `note` tool (a write). */
  notes: number;
  /** Calls of `confirm_note` (asking and answered). */
  formCalls: number;
  /** The notes `confirm_note` kept: the person ticked Confirm in its form. */
  confirmedNotes: Array<{ text: string; tag: string }>;
  close(): Promise<void>;
}

function mcpServer(app: FixtureApp, widgetHtml: () => string): McpServer {
  const server = new McpServer({ name: "fixture", version: "1.0.0" });
  server.registerResource("widget", WIDGET_URI, { mimeType: "text/html+skybridge" }, async () => ({
    contents: [
      {
        uri: WIDGET_URI,
        mimeType: "text/html+skybridge",
        text: widgetHtml(),
        _meta: {
          ui: {
            csp: { connectDomains: [], resourceDomains: ["https://cdn.example.com", "*.bad"] },
          },
        },
      },
    ],
  }));
  server.registerTool(
    "show",
    {
      description: "Shows a value in the fixture widget.",
      inputSchema: z.object({ value: z.string() }),
      // Read-only, so the dev host page runs it straight from a link.
      annotations: { readOnlyHint: true },
      _meta: { "openai/outputTemplate": WIDGET_URI, ui: { resourceUri: WIDGET_URI } },
    },
    async ({ value }) => {
      if (app.faults.includes("fail"))
        return {
          isError: true,
          content: [{ type: "text", text: "injected failure" }],
          structuredContent: { ok: false, next_action: "Try again later." },
        };
      return {
        content: [{ type: "text", text: `Showing ${value}` }],
        structuredContent: { ok: true, value },
      };
    },
  );
  server.registerTool(
    "note",
    {
      description: "Keeps a note (a write: not read-only, so ChatGPT would ask to approve it).",
      inputSchema: z.object({ text: z.string() }),
      _meta: { "openai/outputTemplate": WIDGET_URI, ui: { resourceUri: WIDGET_URI } },
    },
    async ({ text }) => {
      app.notes += 1;
      return { content: [{ type: "text", text: "Noted." }], structuredContent: { ok: true, text } };
    },
  );
  // A write the person confirms in a form their client shows (no widget): the first call asks,
  // the client's retry carries the answer. Counted only when the person ticked Confirm.
  server.registerTool(
    "confirm_note",
    {
      description: "Keeps a note once the person confirms it in a form.",
      inputSchema: z.object({ text: z.string() }),
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
      _meta: { ui: { visibility: ["app"] } },
    },
    async ({ text }, ctx) => {
      app.formCalls += 1;
      const responses = ctx.mcpReq.inputResponses;
      if (responses === undefined)
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              message: `Keep the note “${text}”?`,
              requestedSchema: {
                type: "object",
                properties: {
                  confirm: { type: "boolean", title: "Confirm", default: false },
                  tag: { type: "string", title: "Tag", enum: ["home", "work"] },
                },
                required: ["confirm"],
              },
            }),
          },
        });
      const answer = acceptedContent(responses, "confirm");
      if (answer?.confirm !== true)
        return { content: [{ type: "text", text: "Not confirmed: nothing kept." }] };
      app.confirmedNotes.push({ text, tag: typeof answer.tag === "string" ? answer.tag : "" });
      return { content: [{ type: "text", text: `Kept “${text}”.` }] };
    },
  );
  server.registerTool("counter", { description: "Counts calls." }, async () => {
    app.counter += 1;
    return {
      content: [{ type: "text", text: `count ${app.counter}` }],
      structuredContent: { count: app.counter },
    };
  });
  return server;
}

/**
 * Starts the fixture app on 127.0.0.1 and an ephemeral port. `widgetHtml` may be a function,
 * read on every `resources/read`, so a test can "rebuild" the widget.
 */
export async function startFixtureApp(
  options: Partial<DevHostOptions> = {},
  host = "127.0.0.1",
  widgetHtml: string | (() => string) = FIXTURE_WIDGET_HTML,
): Promise<FixtureApp> {
  const readHtml = typeof widgetHtml === "string" ? () => widgetHtml : widgetHtml;
  const confirmedNotes: FixtureApp["confirmedNotes"] = [];
  const app = { faults: "", counter: 0, notes: 0, formCalls: 0, confirmedNotes } as FixtureApp;
  const devHost = createDevHostHandler({
    appName: "Fixture",
    exampleArgs: { show: { value: "hello" } },
    faults: { get: () => app.faults, set: (spec) => void (app.faults = spec), known: ["fail"] },
    ...options,
  });
  // A fresh server per request, both protocol revisions, as the SDK documents.
  const mcp = toNodeHandler(createMcpHandler(() => mcpServer(app, readHtml)));
  const server = createServer(async (req, res) => {
    if (await devHost(req, res)) return;
    if (req.url?.startsWith("/mcp")) {
      await mcp(req, res);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(app, {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // a browser's keep-alive connections would hold close() open
      }),
  });
}
