/**
 * The dev host's server side: a node:http request handler any app's MCP server can put in
 * front of its own routes. It serves the page at `GET /`, its built assets, the sandboxed
 * widget frames (with a real CSP header), the widget's rebuilds as server-sent events (live
 * reload), and — only in development on loopback — a switch for the server's fault injection.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { isDevelopment } from "../../server/runtime/mode.ts";
import { declaredOrigins, frameCsp } from "./frame-csp.ts";
import { frameDocument } from "./frame-document.ts";
import { FrameStore } from "./frame-store.ts";
import { serveBuildEvents, WIDGET_BUILDS_ENV, widgetBuildsFrom } from "./build-events.ts";
import {
  BASE_HEADERS,
  BodyError,
  readJsonBody,
  sendJson,
  sendText,
} from "../../server/http/node-replies.ts";
import type { DevHostOptions } from "./options.ts";
import { isForeignRequest, isSameOriginJsonRequest } from "../../server/http/request-guard.ts";
import {
  answerFaultSwitch,
  FAULT_SWITCH_PATH,
  faultSwitchOpen,
} from "../../server/http/fault-switch-route.ts";
import { isRecord } from "../../core/is-record.ts";

const DEFAULT_PAGE_DIR = fileURLToPath(new URL("../../../dist/devhost/", import.meta.url));
const FRAME_BODY_LIMIT = 8 * 1024 * 1024;
const ASSET_TYPES: { readonly [ext: string]: string } = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".map": "application/json; charset=utf-8",
};

/**
 * The page's CSP: its bundled script and stylesheet only, frames from this server only, and
 * requests to this server plus the given origins (its authorization servers).
 */
function pageCsp(connectOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...connectOrigins].join(" "),
    "frame-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The page's own CSP without sign-in: its bundled script and stylesheet, this server only. */
export const PAGE_CSP = pageCsp([]);

/** The origin of an http(s) URL, or nothing (never a CSP source built from anything else). */
function httpOrigin(url: string): string[] {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "http:" || protocol === "https:" ? [origin] : [];
  } catch {
    return [];
  }
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

/** A percent-decoded path segment, or `undefined` for a malformed escape (`%E0%A4%A`). */
function decodePath(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Creates the dev host's request handler: it handles a request if it is the dev host's and
 * resolves `false` to let the app handle it (`if (await devHost(req, res)) return;`).
 */
export function createDevHostHandler(
  options: DevHostOptions = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const pageDir = resolve(options.pageDir ?? DEFAULT_PAGE_DIR);
  const development = options.development ?? isDevelopment();
  const frames = new FrameStore();
  const widgetBuilds =
    options.widgetBuilds ??
    (development ? widgetBuildsFrom(process.env[WIDGET_BUILDS_ENV]) : undefined);
  const csp = pageCsp((options.authorizationServers ?? []).flatMap(httpOrigin));

  function servePage(res: ServerResponse): void {
    const file = join(pageDir, "index.html");
    if (!existsSync(file)) {
      sendText(res, 503, "The dev host page is not built: run `npm run build:devhost`.\n");
      return;
    }
    const html = readFileSync(file);
    res.writeHead(200, {
      ...BASE_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp,
      "X-Frame-Options": "DENY",
    });
    res.end(html);
  }

  function serveAsset(res: ServerResponse, name: string): void {
    const root = join(pageDir, "assets") + sep;
    const file = normalize(join(root, name));
    const type = ASSET_TYPES[extname(file)];
    if (!file.startsWith(root) || !type || !existsSync(file))
      return sendText(res, 404, "Not found\n");
    const body = readFileSync(file);
    // Asset names carry a content hash, so they can be cached for good.
    res.writeHead(200, {
      ...BASE_HEADERS,
      "Content-Type": type,
      "Cache-Control": "public, max-age=31536000, immutable",
    });
    res.end(body);
  }

  function serveConfig(req: IncomingMessage, res: ServerResponse): void {
    sendJson(res, 200, {
      appName: options.appName ?? "MCP app",
      mcpPath: options.mcpPath ?? "/mcp",
      exampleArgs: options.exampleArgs ?? {},
      faults:
        options.faults && faultSwitchOpen(req, development)
          ? { known: options.faults.known ?? [] }
          : null,
      liveReload: Boolean(widgetBuilds),
    });
  }

  async function createFrame(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isSameOriginJsonRequest(req)) return sendText(res, 403, "Forbidden\n");
    const body = record(await readJsonBody(req, FRAME_BODY_LIMIT));
    if (typeof body.html !== "string" || body.html.length === 0)
      return sendJson(res, 400, { error: "html must be a non-empty string" });
    const origins = declaredOrigins(body.meta);
    const html = frameDocument(body.html, record(body.init));
    const csp = frameCsp(html, origins);
    const id = frames.add({ html, csp });
    sendJson(res, 201, { url: `/devhost/frames/${id}`, csp, rejectedOrigins: origins.rejected });
  }

  function serveFrame(res: ServerResponse, id: string): void {
    const frame = frames.get(id);
    if (!frame) return sendText(res, 404, "Frame expired: run the tool again.\n");
    res.writeHead(200, {
      ...BASE_HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": frame.csp,
    });
    res.end(frame.html);
  }

  return async (req, res) => {
    const url = new URL(req.url ?? "/", "http://devhost.invalid");
    const path = url.pathname;
    const method = req.method ?? "GET";
    const read = method === "GET" || method === "HEAD";
    if (!(path === "/" && read) && !path.startsWith("/devhost/")) return false;
    // Another site's link or form must not drive the page: it could run a tool as this person.
    // The one exception is the sign-in redirect back from the authorization server (another
    // origin by nature): in that mode the page only hands the code to its same-origin opener.
    const signInCallback = path === "/" && read && url.searchParams.get("oauth") === "callback";
    if (isForeignRequest(req) && !signInCallback) {
      sendText(res, 403, "Forbidden: the dev host answers only its own pages.\n");
      return true;
    }
    try {
      if (path === "/" && read) servePage(res);
      else if (path.startsWith("/devhost/assets/") && read) {
        const name = decodePath(path.slice("/devhost/assets/".length));
        if (name === undefined) sendText(res, 400, "Bad request: malformed escape in the path\n");
        else serveAsset(res, name);
      } else if (path === "/devhost/config" && read) serveConfig(req, res);
      else if (path === "/devhost/events" && read) {
        if (widgetBuilds) serveBuildEvents(res, widgetBuilds);
        else sendText(res, 404, "Not found\n");
      } else if (path === "/devhost/frames" && method === "POST") await createFrame(req, res);
      else if (path.startsWith("/devhost/frames/") && read)
        serveFrame(res, path.slice("/devhost/frames/".length));
      else if (path === FAULT_SWITCH_PATH && (read || method === "POST"))
        await answerFaultSwitch(req, res, options.faults, development);
      else sendText(res, 404, "Not found\n");
    } catch (error) {
      if (error instanceof BodyError) sendJson(res, error.status, { error: error.message });
      else if (!res.headersSent) sendText(res, 500, "Internal error\n");
      else res.end();
    }
    return true;
  };
}

export type { DevHostOptions } from "./options.ts";
