/**
 * The widget as MCP resources, straight from the build's `widget.manifest.json` and
 * `widget.html`: the `text/html+skybridge` resource ChatGPT renders and its
 * `text/html;profile=mcp-app` twin for MCP Apps hosts, each with the manifest's `_meta`.
 * A missing or inconsistent build is a clear resource error and a startup warning, never a
 * crash: tools still list, and the read says what to run.
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
import { withResourceOrigins } from "../../core/widget-csp.ts";
import { MCP_APP_MIME_TYPE } from "../../core/mcp-app-mime-type.ts";
import type { ServerLogger } from "../runtime/log.ts";
import type { ResourceProvider } from "./resource-provider.ts";
import type { WidgetUris } from "./widget-tool-meta.ts";

/** ChatGPT's (Apps SDK) MIME type of the widget resource. */
export const SKYBRIDGE_MIME_TYPE = "text/html+skybridge";

const UI_URI = /^ui:\/\/[\w./-]+\.html$/;
/**
 * 2026-07-28 cache fields of a widget read (clients of the older revision ignore them): never
 * reused. The URI names the build the server started with, but the read serves the build on
 * disk now (a rebuild in development, a `dist` replaced without a restart), so a client that
 * kept an earlier read would show an old widget under the same URI — the SDK's client cache
 * did, in the dev loop. Said explicitly rather than left to the SDK's default.
 */
const NOT_CACHED = { ttlMs: 0, cacheScope: "private" } as const;

// Only what serving needs; the build writes more (see `WidgetManifest` in mcp-widget-kit/build).
const ManifestSchema = v.object({
  name: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,62}$/))),
  uri: v.pipe(v.string(), v.regex(UI_URI)),
  mimeType: v.literal(SKYBRIDGE_MIME_TYPE),
  sha256: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  _meta: v.record(v.string(), v.unknown()),
  mcp_app_uri: v.optional(v.pipe(v.string(), v.regex(UI_URI))),
});
type Manifest = v.InferOutput<typeof ManifestSchema>;

/** The MCP Apps twin's URI: the manifest's `mcp_app_uri`, else `….html` → `….mcp-app.html`. */
export function mcpAppUriFor(uri: string): string {
  return uri.replace(/\.html$/, ".mcp-app.html");
}

type Loaded = { ok: true; manifest: Manifest; html: string } | { ok: false; problem: string };

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The build in `dist`, checked: the manifest's fields and the HTML's hash. */
function loadBuild(dist: string): Loaded {
  const fail = (problem: string): Loaded => ({
    ok: false,
    problem: `${problem} (build the widget: \`npm run build\`)`,
  });
  const raw = readText(join(dist, "widget.manifest.json"));
  if (raw === undefined) return fail("widget not built: widget.manifest.json is missing");
  const manifest = v.safeParse(ManifestSchema, parseJson(raw));
  if (!manifest.success) return fail("widget.manifest.json is not a mcp-widget-kit build manifest");
  const html = readText(join(dist, "widget.html"));
  if (html === undefined) return fail("widget.html is missing next to its manifest");
  if (createHash("sha256").update(html).digest("hex") !== manifest.output.sha256)
    return fail("widget.html does not match the sha256 in its manifest");
  return { ok: true, manifest: manifest.output, html };
}

/**
 * Both widget resources of the build in `options.dist`, for `createToolServer({ resources })`,
 * and their URIs, for `widgetToolMeta(uris, …)`. The build is read again on every resource
 * read, so a rebuild is served without a restart; the URI is content-hashed and the tools keep
 * the one they started with (a warning says when they differ: restart to advertise the new one).
 */
export function widgetResources(options: {
  /** The build's output folder: `widget.manifest.json` and `widget.html`. */
  readonly dist: string;
  /** Where a missing or unreadable widget build is logged. */
  readonly log: ServerLogger;
  /** What hosts show for the resource (default: the manifest's widget name). */
  readonly title?: string;
  /**
   * Origins the server itself serves files from (images, say), known only where it is
   * deployed (a public origin from configuration). Each is added to the resource domains of
   * both CSP shapes at read time; the build's own domains stay.
   */
  readonly resourceOrigins?: () => readonly string[];
  /** The widget's name while no build is present, for the placeholder URIs (default `widget`). */
  readonly fallbackName?: string;
}): {
  uris: WidgetUris;
  provider: ResourceProvider;
} {
  const { dist, log } = options;
  const first = loadBuild(dist);
  if (!first.ok) log.warn("widget_unavailable", { problem: first.problem, dist });
  const name = (first.ok ? first.manifest.name : undefined) ?? options.fallbackName ?? "widget";
  const skybridge = first.ok ? first.manifest.uri : `ui://widget/${name}.html`;
  const mcpApp = first.ok
    ? (first.manifest.mcp_app_uri ?? mcpAppUriFor(skybridge))
    : mcpAppUriFor(skybridge);
  const uris: WidgetUris = { skybridge, mcpApp };
  const title = options.title ?? name;

  const describe = (uri: string, mimeType: string): Resource => ({
    uri,
    name: mimeType === SKYBRIDGE_MIME_TYPE ? `${name}-widget` : `${name}-widget-mcp-app`,
    title,
    mimeType,
  });

  const provider: ResourceProvider = {
    async list() {
      return [describe(skybridge, SKYBRIDGE_MIME_TYPE), describe(mcpApp, MCP_APP_MIME_TYPE)];
    },
    async read(uri): Promise<ReadResourceResult> {
      const mimeType =
        uri === skybridge ? SKYBRIDGE_MIME_TYPE : uri === mcpApp ? MCP_APP_MIME_TYPE : undefined;
      // The MCP spec asks for the URI in `data` (an identifier a client matches, never in the
      // message); one longer than any of ours is not repeated at all.
      if (!mimeType)
        throw new ProtocolError(
          ProtocolErrorCode.ResourceNotFound,
          "Resource not found",
          uri.length <= 2048 ? { uri } : undefined,
        );
      const loaded = loadBuild(dist);
      if (!loaded.ok) {
        log.error("widget_read_failed", { uri, problem: loaded.problem });
        throw new ProtocolError(
          ProtocolErrorCode.InternalError,
          `Widget unavailable: ${loaded.problem}`,
        );
      }
      const rebuilt = loaded.manifest.uri !== skybridge;
      if (rebuilt)
        log.warn("widget_rebuilt", { advertised: skybridge, built: loaded.manifest.uri });
      const origins = options.resourceOrigins?.() ?? [];
      const _meta = withResourceOrigins(loaded.manifest._meta, origins);
      return { contents: [{ uri, mimeType, text: loaded.html, _meta }], ...NOT_CACHED };
    },
  };
  return { uris, provider };
}
