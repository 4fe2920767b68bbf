/**
 * The widget as MCP resources, from the build's `widget.manifest.json` + `widget.html`:
 * the `text/html+skybridge` resource ChatGPT renders, and a `text/html;profile=mcp-app` twin
 * for MCP Apps hosts. A missing or inconsistent build is a clear resource error, not a crash.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as v from "valibot";
import {
  ProtocolError,
  ProtocolErrorCode,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/server";
import type { ResourceProvider, ServerLogger, WidgetUris } from "widget-kit/server";

/** MIME type of the ChatGPT (Apps SDK) widget resource. */
export const SKYBRIDGE_MIME = "text/html+skybridge";
/** MIME type of the MCP Apps widget resource. */
export const MCP_APP_MIME = "text/html;profile=mcp-app";
/** URIs used when no build is present, so tools still list (the read explains the problem). */
const FALLBACK_URI = "ui://widget/giftgenius.html";

const ManifestSchema = v.object({
  uri: v.pipe(v.string(), v.regex(/^ui:\/\/[\w./-]+\.html$/)),
  mimeType: v.literal(SKYBRIDGE_MIME),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  bytes: v.number(),
  contract_version: v.string(),
  _meta: v.record(v.string(), v.unknown()),
  mcp_app_uri: v.optional(v.pipe(v.string(), v.regex(/^ui:\/\/[\w./-]+\.html$/))),
});

/** The twin's URI: the manifest's `mcp_app_uri`, else `….html` → `….mcp-app.html`. */
export function mcpAppUriFor(uri: string): string {
  return uri.replace(/\.html$/, ".mcp-app.html");
}

type Loaded =
  | { ok: true; manifest: v.InferOutput<typeof ManifestSchema>; html: string }
  | { ok: false; problem: string };

function load(dist: string): Loaded {
  let raw: string;
  try {
    raw = readFileSync(join(dist, "widget.manifest.json"), "utf8");
  } catch {
    return {
      ok: false,
      problem: "widget not built: widget.manifest.json is missing (run `npm run build`)",
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, problem: "widget.manifest.json is not valid JSON (run `npm run build`)" };
  }
  const manifest = v.safeParse(ManifestSchema, parsed);
  if (!manifest.success)
    return {
      ok: false,
      problem: "widget.manifest.json does not have the expected fields (run `npm run build`)",
    };
  let html: string;
  try {
    html = readFileSync(join(dist, "widget.html"), "utf8");
  } catch {
    return {
      ok: false,
      problem: "widget.html is missing next to its manifest (run `npm run build`)",
    };
  }
  if (createHash("sha256").update(html).digest("hex") !== manifest.output.sha256) {
    return {
      ok: false,
      problem: "widget.html does not match the sha256 in its manifest (run `npm run build`)",
    };
  }
  return { ok: true, manifest: manifest.output, html };
}

type Meta = { readonly [key: string]: unknown };
const recordOf = (value: unknown): Meta =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Meta) : {};
const withEntry = (list: unknown, entry: string): unknown[] => {
  const items = Array.isArray(list) ? list : [];
  return items.includes(entry) ? items : [...items, entry];
};

/**
 * The build's resource `_meta` with `origin` added to the resource domains of both CSP shapes
 * (`openai/widgetCSP.resource_domains`, `ui.csp.resourceDomains`): the server serves the
 * gift pictures itself, from an origin only the deployment knows (`PUBLIC_ORIGIN`).
 */
export function withResourceOrigin(meta: Meta, origin: string): Meta {
  const openai = recordOf(meta["openai/widgetCSP"]);
  const ui = recordOf(meta.ui);
  const csp = recordOf(ui.csp);
  return {
    ...meta,
    "openai/widgetCSP": { ...openai, resource_domains: withEntry(openai.resource_domains, origin) },
    ui: { ...ui, csp: { ...csp, resourceDomains: withEntry(csp.resourceDomains, origin) } },
  };
}

/**
 * Widget resources from `dist` (`WIDGET_DIST`), declaring `resourceOrigin()` as a resource
 * domain besides the build's own. The build is read on every request, so a
 * rebuild is served without a restart (the URI is content-hashed; the tools keep the URI
 * they started with, so restart to advertise a new one).
 */
export function createWidgetResources(
  dist: string,
  log: ServerLogger,
  resourceOrigin: () => string,
): { uris: WidgetUris; provider: ResourceProvider } {
  const first = load(dist);
  if (!first.ok) log.warn("widget_unavailable", { problem: first.problem, dist });
  const skybridge = first.ok ? first.manifest.uri : FALLBACK_URI;
  const mcpApp = first.ok
    ? (first.manifest.mcp_app_uri ?? mcpAppUriFor(first.manifest.uri))
    : mcpAppUriFor(FALLBACK_URI);
  const uris = { skybridge, mcpApp };

  const describe = (uri: string, mimeType: string): Resource => ({
    uri,
    name: mimeType === SKYBRIDGE_MIME ? "giftgenius-widget" : "giftgenius-widget-mcp-app",
    title: "GiftGenius widget",
    mimeType,
  });

  const provider: ResourceProvider = {
    async list() {
      return [describe(uris.skybridge, SKYBRIDGE_MIME), describe(uris.mcpApp, MCP_APP_MIME)];
    },
    async read(uri): Promise<ReadResourceResult> {
      const mimeType =
        uri === uris.skybridge ? SKYBRIDGE_MIME : uri === uris.mcpApp ? MCP_APP_MIME : undefined;
      if (!mimeType)
        throw new ProtocolError(ProtocolErrorCode.ResourceNotFound, "Resource not found");
      const loaded = load(dist);
      if (!loaded.ok) {
        log.error("widget_read_failed", { uri, problem: loaded.problem });
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `Widget unavailable: ${loaded.problem}`,
        );
      }
      if (loaded.manifest.uri !== uris.skybridge)
        log.warn("widget_rebuilt", { advertised: uris.skybridge, built: loaded.manifest.uri });
      const _meta = withResourceOrigin(loaded.manifest._meta, resourceOrigin());
      return { contents: [{ uri, mimeType, text: loaded.html, _meta }] };
    },
  };
  return { uris, provider };
}
