import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { widgetResources } from "../../src/server/index.ts";
import { MCP_APP_MIME_TYPE } from "../../src/core/mcp-app-mime-type.ts";
import { SKYBRIDGE_MIME_TYPE } from "../../src/server/widget/widget-resources.ts";
import { fakeWidgetBuild } from "../support/fake-widget-build.ts";
import type { ServerLogger } from "../../src/server/index.ts";

const META = {
  "openai/widgetCSP": { connect_domains: [], resource_domains: ["https://cdn.example"] },
  ui: {
    csp: { connectDomains: [], resourceDomains: ["https://cdn.example"] },
    prefersBorder: true,
  },
};

function build(
  html: string,
  manifest: { [key: string]: unknown } = {},
): { dist: string; uri: string } {
  return fakeWidgetBuild(html, { meta: META, manifest });
}

function recordingLog() {
  const events: string[] = [];
  const log: ServerLogger = {
    info: (event) => void events.push(`info:${event}`),
    warn: (event) => void events.push(`warn:${event}`),
    error: (event) => void events.push(`error:${event}`),
  };
  return { log, events };
}

describe("widgetResources", () => {
  it("serves the build as a skybridge resource and an MCP Apps twin, with the origins added once", async () => {
    const { dist, uri } = build("<p>notes</p>");
    const { log } = recordingLog();
    const { uris, provider } = widgetResources({
      dist,
      log,
      resourceOrigins: () => ["https://notes.example", "https://cdn.example"],
    });
    const twin = uri.replace(/\.html$/, ".mcp-app.html");
    expect(uris).toEqual({ skybridge: uri, mcpApp: twin });
    expect((await provider.list()).map((r) => [r.uri, r.mimeType, r.name])).toEqual([
      [uri, SKYBRIDGE_MIME_TYPE, "notes-widget"],
      [twin, MCP_APP_MIME_TYPE, "notes-widget-mcp-app"],
    ]);
    const read = await provider.read(twin);
    expect(read.contents).toEqual([
      {
        uri: twin,
        mimeType: MCP_APP_MIME_TYPE,
        text: "<p>notes</p>",
        _meta: {
          "openai/widgetCSP": {
            connect_domains: [],
            resource_domains: ["https://cdn.example", "https://notes.example"],
          },
          ui: {
            csp: {
              connectDomains: [],
              resourceDomains: ["https://cdn.example", "https://notes.example"],
            },
            prefersBorder: true,
          },
        },
      },
    ]);
    await expect(provider.read("ui://widget/other.html")).rejects.toThrow(/not found/i);
  });

  it("a read is never reused: the build under its URI may be replaced without a restart", async () => {
    const { dist, uri } = build("<p>notes</p>");
    const { log, events } = recordingLog();
    const { provider } = widgetResources({ dist, log });
    expect(await provider.read(uri)).toMatchObject({ ttlMs: 0, cacheScope: "private" });
    // A rebuild without a restart (development): the advertised URI no longer names its content.
    const html = "<p>notes, rebuilt</p>";
    fakeWidgetBuild(html, { meta: META, dist });
    expect(await provider.read(uri)).toMatchObject({
      contents: [{ text: html }],
      ttlMs: 0,
      cacheScope: "private",
    });
    expect(events).toContain("warn:widget_rebuilt");
  });

  it("without a build: tools still get URIs, a warning at start, and a read that says what to run", async () => {
    const dist = mkdtempSync(join(tmpdir(), "wk-empty-"));
    const { log, events } = recordingLog();
    const { uris, provider } = widgetResources({ dist, log, fallbackName: "notes" });
    expect(uris).toEqual({
      skybridge: "ui://widget/notes.html",
      mcpApp: "ui://widget/notes.mcp-app.html",
    });
    expect(events).toEqual(["warn:widget_unavailable"]);
    await expect(provider.read(uris.skybridge)).rejects.toThrow(/widget not built.*npm run build/);
  });

  it("refuses HTML that does not match its manifest, and a manifest of the wrong shape", async () => {
    const { dist, uri } = build("<p>notes</p>");
    const { log } = recordingLog();
    const { provider } = widgetResources({ dist, log });
    writeFileSync(join(dist, "widget.html"), "<p>edited by hand</p>");
    await expect(provider.read(uri)).rejects.toThrow(/does not match the sha256/);
    writeFileSync(join(dist, "widget.manifest.json"), JSON.stringify({ uri: "https://x" }));
    await expect(provider.read(uri)).rejects.toThrow(/not a mcp-widget-kit build manifest/);
  });
});
