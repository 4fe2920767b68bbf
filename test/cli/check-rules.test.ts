/**
 * `mcp-widget-kit check`'s rules: a server listing and recordings that break each rule once
 * give exactly one finding per rule, and a clean listing gives none.
 */
import { describe, expect, it } from "vitest";
import {
  checkRecordings,
  checkServer,
  RULES,
  type ListedTool,
  type ServerSnapshot,
} from "../../src/cli/check/rules.ts";

const HINTS = { readOnlyHint: true, destructiveHint: false, openWorldHint: false };
const FILE_SCHEMA = {
  type: "object",
  properties: { download_url: {}, file_id: {}, mime_type: {}, file_name: {} },
  required: ["download_url", "file_id"],
};

/** A tool that passes every rule. */
function tool(name: string, extra: Partial<ListedTool> = {}): ListedTool {
  return {
    name,
    title: name,
    description: "d",
    inputSchema: { properties: {} },
    outputSchema: { type: "object" },
    annotations: { ...HINTS },
    _meta: { "openai/toolInvocation/invoking": "Working…" },
    ...extra,
  };
}

const CLEAN: ServerSnapshot = {
  instructions: "Suggests gifts.",
  extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
  tools: [
    tool("read"),
    tool("show", {
      _meta: {
        "openai/outputTemplate": "ui://widget/app.skybridge.html",
        ui: { resourceUri: "ui://widget/app.html" },
      },
    }),
    tool("commit", {
      inputSchema: { properties: { idempotency_key: {}, confirmation: {} } },
      annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
      _meta: { ui: { visibility: ["app"] } },
    }),
    tool("upload", {
      inputSchema: { properties: { photo: FILE_SCHEMA } },
      _meta: { "openai/fileParams": ["photo"] },
    }),
  ],
  resources: [
    {
      uri: "ui://widget/app.html",
      mimeType: "text/html;profile=mcp-app",
      _meta: {
        "openai/widgetCSP": { resource_domains: ["https://img.example"] },
        ui: { domain: "https://app.example", csp: { resourceDomains: ["https://img.example"] } },
      },
    },
  ],
};

/** One break of each rule. */
const BROKEN: ServerSnapshot = {
  instructions: "x".repeat(600),
  tools: [
    tool("untitled", { title: undefined }),
    tool("no-schema", { outputSchema: undefined }),
    tool("no-hints", { annotations: { readOnlyHint: false, destructiveHint: false } }),
    // A keyed write that says read-only (and is destructive, so only that rule breaks).
    tool("keyed", {
      inputSchema: { properties: { idempotency_key: {} } },
      annotations: { readOnlyHint: true, destructiveHint: true, openWorldHint: false },
    }),
    // An app-only commit that is not destructive.
    tool("commit", {
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      _meta: { ui: { visibility: ["app"] } },
    }),
    tool("deprecated", { _meta: { "openai/visibility": "private" } }),
    tool("chatty", { _meta: { "openai/toolInvocation/invoked": "y".repeat(65) } }),
    tool("upload", {
      inputSchema: { properties: { photo: { type: "string" } } },
      _meta: { "openai/fileParams": ["photo"] },
    }),
    // A ChatGPT widget only, on a server that does not declare the MCP Apps extension.
    tool("chatgpt-only", { _meta: { "openai/outputTemplate": "ui://widget/wild.html" } }),
  ],
  resources: [
    {
      uri: "ui://widget/wild.html",
      _meta: {
        ui: { domain: "https://a.example", csp: { resourceDomains: ["https://*.cdn.example"] } },
      },
    },
    { uri: "ui://widget/nodomain.html", _meta: { ui: { csp: {} } } },
  ],
};

const RECORDINGS = new Map([
  ["clean.json", JSON.stringify({ structuredContent: { ok: true, note: "Bearer of good news" } })],
  ["token.json", JSON.stringify({ content: [{ text: "token sk_live_abcdefghijkl" }] })],
  ["trace.json", JSON.stringify({ content: [{ text: "at handler (/srv/app/tools.js:12:5)" }] })],
]);

describe("mcp-widget-kit check's rules", () => {
  it("finds nothing in a clean listing and clean recordings", () => {
    expect(checkServer(CLEAN)).toEqual([]);
    expect(checkRecordings(new Map([...RECORDINGS].slice(0, 1)))).toEqual([]);
  });

  it("finds each broken rule exactly once", () => {
    const findings = [...checkServer(BROKEN), ...checkRecordings(RECORDINGS)];
    const count = (rule: string) => findings.filter((finding) => finding.rule === rule).length;
    for (const rule of Object.keys(RULES)) expect(count(rule), rule).toBe(1);
    expect(findings).toHaveLength(Object.keys(RULES).length);
  });

  it("says where and what to change, without echoing long values", () => {
    const [finding] = checkServer({ tools: [tool("t", { title: undefined })], resources: [] });
    expect(finding).toEqual({
      rule: "tool-title",
      where: "tool t",
      message: "has no title: give it a short one.",
    });
  });

  it("does not take a sign-in challenge in a recording for a credential", () => {
    const challenge =
      'Bearer resource_metadata="https://app.example/.well-known/oauth-protected-resource/mcp"';
    expect(checkRecordings(new Map([["auth.json", JSON.stringify({ c: challenge })]]))).toEqual([]);
    const token = `Bearer ${"a".repeat(30)}.${"b".repeat(30)}`;
    expect(checkRecordings(new Map([["leak.json", JSON.stringify({ c: token })]]))).toHaveLength(1);
  });
});
