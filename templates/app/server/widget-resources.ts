/**
 * The built widget as MCP resources: ChatGPT's `text/html+skybridge` resource and its
 * `text/html;profile=mcp-app` twin for MCP Apps hosts, both with the `_meta` (CSP, border)
 * the build wrote into dist/widget.manifest.json. The build is read on every request, so a
 * rebuild (`widget-kit dev` rebuilds on save) shows on the next page load; the URIs the tools
 * advertise are the ones of the build present at startup.
 */
import { readFileSync } from "node:fs";
import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
} from "@modelcontextprotocol/server";
import type { ResourceProvider, WidgetUris } from "widget-kit/server";

const SKYBRIDGE_MIME = "text/html+skybridge";
const MCP_APP_MIME = "text/html;profile=mcp-app";

interface Build {
  readonly uri: string;
  readonly html: string;
  readonly meta: { [key: string]: unknown };
}

function readBuild(dist: URL): Build {
  try {
    const manifest = JSON.parse(readFileSync(new URL("widget.manifest.json", dist), "utf8")) as {
      uri: string;
      file: string;
      _meta: { [key: string]: unknown };
    };
    const html = readFileSync(new URL(manifest.file, dist), "utf8");
    return { uri: manifest.uri, html, meta: manifest._meta };
  } catch {
    throw new Error("The widget is not built: run `npm run build` (or `npm start`).");
  }
}

/** The widget's two resources, from the build in `dist` (a folder URL ending in `/`). */
export function widgetResources(dist: URL): { uris: WidgetUris; provider: ResourceProvider } {
  const { uri } = readBuild(dist);
  const uris = { skybridge: uri, mcpApp: uri.replace(/\.html$/, ".mcp-app.html") };
  const mimeTypes = new Map([
    [uris.skybridge, SKYBRIDGE_MIME],
    [uris.mcpApp, MCP_APP_MIME],
  ]);
  const provider: ResourceProvider = {
    async list() {
      return [...mimeTypes].map(([uri, mimeType]) => ({ uri, mimeType, name: "widget" }));
    },
    async read(uri): Promise<ReadResourceResult> {
      const mimeType = mimeTypes.get(uri);
      if (!mimeType) throw new ProtocolError(ProtocolErrorCode.ResourceNotFound, "Not found");
      const build = readBuild(dist);
      return { contents: [{ uri, mimeType, text: build.html, _meta: build.meta }] };
    },
  };
  return { uris, provider };
}
