/**
 * Streamable HTTP for a tool server on plain `node:http`, both protocol revisions on one
 * endpoint: 2026-07-28 (stateless, `server/discover`) and 2025-11-25 (served per request, no
 * sessions), through the SDK's `createMcpHandler`. In front of it: Host and Origin checks
 * against DNS rebinding, CORS for allowed browser origins, a request body limit, a JSON-RPC
 * error (never a crash) for a body that is not JSON, and the optional `authenticate` hook
 * (given the parsed body) whose verified token reaches tool handlers.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "@modelcontextprotocol/node";
import {
  createMcpHandler,
  type AuthInfo,
  type McpRequestContext,
  type Server,
} from "@modelcontextprotocol/server";
import { answerPreflight, allowOrigin } from "./http/cors.ts";
import { jsonLimitBroken, type JsonLimits } from "./http/json-limits.ts";
import { sendJsonRpcError } from "./http/json-rpc-error.ts";
import { BodyAborted, BodyTooLarge, readBody } from "./http/read-body.ts";
import {
  hostAllowed,
  isLoopbackHost,
  loopbackHostHeaders,
  originAllowed,
  pathDecodes,
} from "./http/request-checks.ts";
import { errorFields, type ServerLogger } from "./log.ts";

/**
 * What `authenticate` decided: go on (with the verified token, or anonymous), or stop
 * because it already answered (401/403 with `WWW-Authenticate`).
 */
export type HttpAuthOutcome = { answered: true } | { answered?: false; auth?: AuthInfo };

/** Options of `serveHttp`. */
export interface HttpOptions {
  /**
   * Makes the SDK server for one request (the factory of the SDK's `createMcpHandler`);
   * `ToolServer.createServer` fits.
   */
  createServer(context: McpRequestContext): Server;
  log: ServerLogger;
  /** Interface to bind; default `127.0.0.1`. */
  host?: string;
  /** Port; `0` picks a free one. Default 8787. */
  port?: number;
  /** Endpoint path; default `/mcp`. */
  path?: string;
  /**
   * Accepted `Host` header values (`name:port` or `name`). Default on a loopback interface:
   * `127.0.0.1`, `localhost` and `[::1]` with the bound port. Elsewhere, set it (a warning is
   * logged and any host is accepted otherwise).
   */
  allowedHosts?: readonly string[];
  /**
   * Accepted `Origin` values for browser clients, which also get CORS answers. Requests
   * without `Origin` (server-to-server, the usual MCP client) pass. Default: loopback
   * origins on any port.
   */
  allowedOrigins?: readonly string[];
  /** Largest request body in bytes; default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * How deep and wide a JSON body may be (default: 64 levels, 1,000 members per object,
   * 10,000 items per array); a body beyond them gets a 400 JSON-RPC parse error.
   */
  jsonLimits?: JsonLimits;
  /**
   * Routes served next to the endpoint (e.g. the dev host page from `src/devhost`): called for
   * every other path once the Host check passed; resolves `true` when it answered.
   */
  otherRoutes?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /**
   * Runs for every MCP request after the Host/Origin checks and the body parse, with the
   * parsed JSON-RPC body (`undefined` for GET/DELETE), so it can decide per tool called
   * (`bearerAuthentication` answers 401/403 for protected tools). The token it returns reaches
   * tool handlers as `ToolContext.auth`.
   */
  authenticate?: (
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
  ) => Promise<HttpAuthOutcome>;
}

/** A running HTTP endpoint. */
export interface HttpEndpoint {
  /** e.g. `http://127.0.0.1:8787/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections and ends requests in flight. */
  close(): Promise<void>;
}

/** Serves `options.createServer` over Streamable HTTP. Logs where it listens. */
export async function serveHttp(options: HttpOptions): Promise<HttpEndpoint> {
  const { log } = options;
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  let allowedHosts: Set<string> | undefined;

  const mcp = createMcpHandler((context) => options.createServer(context), {
    maxRequestBodySize: maxBody,
    onerror: (error) => log.warn("mcp_request_rejected", { message: error.message.slice(0, 200) }),
  });
  const mcpNode = toNodeHandler(mcp, {
    maxRequestBodySize: maxBody,
    onerror: (error) => log.error("mcp_handler_failed", errorFields(error)),
  });

  /** The JSON-RPC body of a POST, or `undefined` when it already answered. */
  async function readJsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    let raw: Buffer;
    try {
      raw = await readBody(req, maxBody);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        sendJsonRpcError(res, 413, -32600, `Request body too large (limit ${maxBody} bytes)`, {
          connection: "close",
        });
      else if (error instanceof BodyAborted) log.info("http_upload_aborted", { path });
      else throw error;
      return undefined;
    }
    const text = raw.toString("utf8");
    const broken = jsonLimitBroken(text, options.jsonLimits);
    if (broken !== undefined) {
      log.info("http_body_refused", { reason: broken });
      sendJsonRpcError(res, 400, -32700, `Parse error: the request body is refused: ${broken}`);
      return undefined;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      sendJsonRpcError(res, 400, -32700, "Parse error: the request body is not valid JSON");
      return undefined;
    }
    if (typeof body !== "object" || body === null) {
      sendJsonRpcError(res, 400, -32600, "Invalid request: expected a JSON-RPC object or batch");
      return undefined;
    }
    return body;
  }

  async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = req.headers.origin;
    if (!originAllowed(origin, options.allowedOrigins)) {
      log.warn("http_origin_rejected", { origin: String(origin ?? "").slice(0, 100) });
      sendJsonRpcError(res, 403, -32000, "Forbidden: Origin not allowed");
      return;
    }
    if (origin !== undefined) {
      if (req.method === "OPTIONS") return answerPreflight(req, res, origin);
      allowOrigin(res, origin);
    }
    let body: unknown;
    if (req.method === "POST") {
      body = await readJsonBody(req, res);
      if (body === undefined) return;
    }
    const authed = options.authenticate ? await options.authenticate(req, res, body) : {};
    if (authed.answered) return;
    const forwarded = req as IncomingMessage & { auth?: AuthInfo };
    if (authed.auth) forwarded.auth = authed.auth;
    await mcpNode(forwarded, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://placeholder");
    if (!pathDecodes(url.pathname)) {
      sendJsonRpcError(res, 400, -32600, "Bad request: the path is not valid percent-encoding");
      return;
    }
    if (url.pathname !== path) {
      if (options.otherRoutes && hostAllowed(req, allowedHosts)) {
        if (await options.otherRoutes(req, res)) return;
      }
      sendJsonRpcError(res, 404, -32601, `Not found: the MCP endpoint is ${path}`);
      return;
    }
    if (!hostAllowed(req, allowedHosts)) {
      log.warn("http_host_rejected", { host: String(req.headers.host ?? "").slice(0, 100) });
      sendJsonRpcError(res, 403, -32000, "Forbidden: Host header not allowed");
      return;
    }
    await handleMcp(req, res);
  }

  const httpServer = createHttpServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error("http_request_failed", errorFields(error));
      sendJsonRpcError(res, 500, -32603, "Internal error");
    });
  });
  httpServer.requestTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port ?? 8787, host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  if (options.allowedHosts) {
    allowedHosts = new Set(options.allowedHosts.map((h) => h.toLowerCase()));
  } else if (isLoopbackHost(host)) {
    allowedHosts = new Set(loopbackHostHeaders(port));
  } else {
    log.warn("http_host_check_off", { reason: "not bound to loopback and no allowedHosts given" });
  }
  const shownHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}${path}`;
  log.info("listening", { url, transport: "streamable-http" });

  return {
    url,
    port,
    async close() {
      await mcp.close().catch(() => {});
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}
