/**
 * The tool server's HTTP face as a web-standard handler, `Request` → `Response`: what Bun,
 * `deno serve`, Cloudflare Workers and serverless functions call, and what `serveHttp` adapts
 * `node:http` to — so every guard has one implementation. Both MCP revisions on one endpoint
 * through the SDK's `createMcpHandler`: 2026-07-28 (stateless, `server/discover`) and
 * 2025-11-25 (served per request, no sessions). In front of it, in this order: a path that
 * decodes, the `Host` check against DNS rebinding, the `Origin` check and CORS for allowed
 * browser origins, the body limit, the JSON shape limits and the JSON parse (a JSON-RPC error,
 * never a crash), and the optional `authenticate` hook (given the parsed body) whose verified
 * token reaches tool handlers; behind it, the SDK's JSON errors lose the caller's text. Nothing here imports `node:`.
 */
import {
  createMcpHandler,
  type AuthInfo,
  type McpRequestContext,
  type Server,
} from "@modelcontextprotocol/server";
import { createHealthRoute } from "../app/health-route.ts";
import { errorFields, type ServerLogger } from "../runtime/log.ts";
import { allowOrigin, answerPreflight } from "./cors.ts";
import { jsonLimitBroken } from "./json-limits.ts";
import { jsonRpcError } from "./json-rpc-error.ts";
import { withoutCallerText } from "./protocol-error-text.ts";
import { BodyAborted, BodyTimedOut, BodyTooLarge, readBodyText } from "./read-body.ts";
import {
  headerBytes,
  hostAllowed,
  hostProblem,
  originAllowed,
  pathDecodes,
} from "./request-checks.ts";

/**
 * Runs for every MCP request after the Host/Origin checks and the body parse, with the parsed
 * JSON-RPC body (`undefined` for GET/DELETE), so it can decide per tool called. What it
 * decided: stop with its own `response` (401/403 with `WWW-Authenticate`), or go on with the
 * verified token `auth` (or anonymous).
 */
export type HttpAuthenticate = (
  request: Request,
  body: unknown,
) => Promise<{ response: Response } | { response?: undefined; auth?: AuthInfo }>;

/** What `authenticate` decided (see `HttpAuthenticate`). */
export type HttpAuthOutcome = Awaited<ReturnType<HttpAuthenticate>>;

/** Options of `createFetchHandler` (and, through it, of `serveHttp`). */
export interface FetchHandlerOptions {
  /**
   * Makes the SDK server for one request (the factory of the SDK's `createMcpHandler`);
   * `ToolServer.createServer` fits.
   */
  createServer(context: McpRequestContext): Server;
  /** Where refusals and failures are logged (never the answer's business). */
  log: ServerLogger;
  /** Endpoint path; default `/mcp`. */
  path?: string;
  /**
   * Accepted `Host` header values (`name:port` or `name`, e.g. the public `app.example`).
   * Default: a loopback name (`127.0.0.1`, `localhost`, `[::1]`) on any port, which a
   * deployed handler must replace. `"any"` turns the check off.
   */
  allowedHosts?: readonly string[] | "any";
  /**
   * Accepted `Origin` values for browser clients, which also get CORS answers. Requests
   * without `Origin` (server-to-server, the usual MCP client) pass. Default: loopback
   * origins on any port.
   */
  allowedOrigins?: readonly string[];
  /** Largest request body in bytes; default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * How long the body may take to arrive, in ms, once the headers have (default 30 000): a
   * stalled or trickled upload gets a 408 then, on every runtime (Deno has no timeout of its
   * own).
   */
  bodyTimeoutMs?: number;
  /** Largest header block in bytes (default 16 KiB, Node's and Bun's own limit): 431 beyond. */
  maxHeaderBytes?: number;
  /**
   * Refuse a request without a `Host` header (400). For a handler serving a socket (Bun,
   * Deno, `serveHttp`); off by default, since an in-process `Request` names its host in its URL.
   */
  requireHost?: boolean;
  /**
   * How deep and wide a JSON body may be; a body beyond them gets a 400 JSON-RPC parse error.
   */
  jsonLimits?: {
    /** Deepest nesting of objects and arrays (`{"a":[1]}` is 2). Default 64. */
    maxDepth?: number;
    /** Most members in one object. Default 1,000. */
    maxKeys?: number;
    /** Most items in one array (a JSON-RPC batch included). Default 10,000. */
    maxItems?: number;
  };
  /**
   * Routes served next to the endpoint (the protected-resource metadata,
   * `ProtectedResource.respond`): called for every other path once the Host check passed (a
   * Host not allowed gets 403 on every path);
   * resolves a `Response` when it answered, `undefined` to pass.
   */
  routes?: (request: Request) => Promise<Response | undefined> | Response | undefined;
  /**
   * What `GET /healthz` asks (a load balancer's check): it answers 200 `{"status":"ok"}` while
   * this resolves within a second, else 503 `{"status":"unavailable"}` with the reason only in
   * the log. Tried before `routes`; unset, `/healthz` is left to them.
   */
  health?: () => Promise<void>;
  /**
   * Decides per request who calls (`bearerAuthentication` answers 401/403 for protected
   * tools). The token it returns reaches tool handlers as `ToolContext.auth`.
   */
  authenticate?: HttpAuthenticate;
}

/** What `createFetchHandler` returns (spelled out on it). */
export type FetchHandler = ReturnType<typeof createFetchHandler>;

const DEFAULT_MAX_BODY = 4 * 1024 * 1024;
/** How long a request body may take to arrive when `bodyTimeoutMs` is not given. */
export const DEFAULT_BODY_TIMEOUT = 30_000;
const DEFAULT_MAX_HEADER = 16 * 1024;

/**
 * The MCP endpoint (and its routes) as a web-standard handler: call it with a `Request`;
 * `close` ends what the SDK holds.
 */
export function createFetchHandler(options: FetchHandlerOptions): {
  /** Answers one request; never rejects (a failure is a logged 500 JSON-RPC error). */
  (request: Request): Promise<Response>;
  /** Releases what the SDK handler holds (`serveHttp` calls it on close). */
  close(): Promise<void>;
} {
  const { log } = options;
  const path = options.path ?? "/mcp";
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const allowedHosts =
    options.allowedHosts === "any" || options.allowedHosts === undefined
      ? options.allowedHosts
      : new Set(options.allowedHosts.map((h) => h.toLowerCase()));

  const health = options.health ? createHealthRoute({ ping: options.health }, log) : undefined;
  const mcp = createMcpHandler((context) => options.createServer(context), {
    maxRequestBodySize: maxBody,
    onerror: (error) => log.warn("mcp_request_rejected", { message: error.message.slice(0, 200) }),
  });

  /** The JSON-RPC body of a POST, or the `Response` that refuses it. */
  async function readJsonBody(request: Request): Promise<{ body: unknown } | Response> {
    let text: string;
    try {
      text = await readBodyText(request, maxBody, options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT);
    } catch (error) {
      if (error instanceof BodyTimedOut) {
        log.info("http_upload_timed_out", { path });
        return jsonRpcError(408, -32600, "Request timeout: the body did not arrive in time", {
          connection: "close",
        });
      }
      if (error instanceof BodyTooLarge)
        return jsonRpcError(413, -32600, `Request body too large (limit ${maxBody} bytes)`);
      if (error instanceof BodyAborted) {
        log.info("http_upload_aborted", { path });
        // Nobody is left to read it.
        return jsonRpcError(400, -32600, "Bad request: the upload was cut off");
      }
      throw error;
    }
    const broken = jsonLimitBroken(text, options.jsonLimits);
    if (broken !== undefined) {
      log.info("http_body_refused", { reason: broken });
      return jsonRpcError(400, -32700, `Parse error: the request body is refused: ${broken}`);
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return jsonRpcError(400, -32700, "Parse error: the request body is not valid JSON");
    }
    if (typeof body !== "object" || body === null)
      return jsonRpcError(400, -32600, "Invalid request: expected a JSON-RPC object or batch");
    return { body };
  }

  async function handleMcp(request: Request): Promise<Response> {
    let body: unknown;
    if (request.method === "POST") {
      const read = await readJsonBody(request);
      if (read instanceof Response) return read;
      body = read.body;
    }
    const authed = options.authenticate ? await options.authenticate(request, body) : {};
    if (authed.response) return authed.response;
    // The SDK's protocol errors name what the caller sent (headers, tool, version): not ours.
    return withoutCallerText(
      await mcp.fetch(request, {
        ...(authed.auth ? { authInfo: authed.auth } : {}),
        ...(body !== undefined ? { parsedBody: body } : {}),
      }),
    );
  }

  async function handle(request: Request): Promise<Response> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return jsonRpcError(400, -32600, "Bad request: the request target is not a URL");
    }
    if (headerBytes(request.headers) > (options.maxHeaderBytes ?? DEFAULT_MAX_HEADER))
      return jsonRpcError(431, -32600, "Request header fields too large", { connection: "close" });
    const badHost = hostProblem(request, options.requireHost === true);
    if (badHost !== undefined) {
      log.warn("http_host_refused", { reason: badHost });
      return jsonRpcError(400, -32600, `Bad request: ${badHost}`);
    }
    if (!pathDecodes(url.pathname))
      return jsonRpcError(400, -32600, "Bad request: the path is not valid percent-encoding");
    const host = request.headers.get("host") ?? url.host;
    // Every path, not only the endpoint: a page a rebinding attacker's name reaches (health,
    // metadata, widget routes) answers nothing but this refusal.
    if (!hostAllowed(host, allowedHosts)) {
      log.warn("http_host_rejected", { host: host.slice(0, 100) });
      return jsonRpcError(403, -32000, "Forbidden: Host header not allowed");
    }
    if (url.pathname !== path) {
      const routed =
        (health ? await health(request) : undefined) ??
        (options.routes ? await options.routes(request) : undefined);
      return routed ?? jsonRpcError(404, -32601, `Not found: the MCP endpoint is ${path}`);
    }
    const origin = request.headers.get("origin") ?? undefined;
    if (!originAllowed(origin, options.allowedOrigins)) {
      log.warn("http_origin_rejected", { origin: String(origin ?? "").slice(0, 100) });
      return jsonRpcError(403, -32000, "Forbidden: Origin not allowed");
    }
    if (origin === undefined) return handleMcp(request);
    if (request.method === "OPTIONS") return answerPreflight(request, origin);
    return allowOrigin(await handleMcp(request), origin);
  }

  const handler = async (request: Request): Promise<Response> => {
    try {
      return await handle(request);
    } catch (error) {
      log.error("http_request_failed", errorFields(error));
      return jsonRpcError(500, -32603, "Internal error");
    }
  };
  return Object.assign(handler, { close: () => mcp.close().catch(() => {}) });
}
