/**
 * Streamable HTTP for a tool server on plain `node:http`: one MCP session per client, Host and
 * Origin checks against DNS rebinding, a request body limit, and a JSON-RPC error (never a
 * crash) for a body that is not JSON.
 */
import { randomUUID } from "node:crypto";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { errorFields, type ServerLogger } from "./log.ts";

/** Options of `serveHttp`. */
export interface HttpOptions {
  /** Makes the SDK server for one new session. */
  createServer(): Server;
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
   * Accepted `Origin` values for browser clients. Requests without `Origin` (server-to-server,
   * the usual MCP client) pass. Default: loopback origins on any port.
   */
  allowedOrigins?: readonly string[];
  /** Largest request body in bytes; default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * Routes served next to the endpoint (e.g. the dev host page from `src/devhost`): called for
   * every other path once the Host check passed; resolves `true` when it answered.
   */
  otherRoutes?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  /** Sessions idle longer than this are closed; default 30 minutes. */
  sessionIdleMs?: number;
  /** Most sessions at once; the oldest idle one is closed beyond it. Default 1,000. */
  maxSessions?: number;
}

/** A running HTTP endpoint. */
export interface HttpEndpoint {
  /** e.g. `http://127.0.0.1:8787/mcp`. */
  readonly url: string;
  readonly port: number;
  /** Stops accepting connections and closes every session. */
  close(): Promise<void>;
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1"]);
const LOOPBACK_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/;

function sendJsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLarge());
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.removeAllListeners("data");
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  lastSeen: number;
}

/** Serves `options.createServer()` sessions over Streamable HTTP. Logs where it listens. */
export async function serveHttp(options: HttpOptions): Promise<HttpEndpoint> {
  const { log } = options;
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  const maxBody = options.maxBodyBytes ?? 4 * 1024 * 1024;
  const idleMs = options.sessionIdleMs ?? 30 * 60_000;
  const maxSessions = options.maxSessions ?? 1_000;
  const sessions = new Map<string, Session>();
  let allowedHosts: Set<string> | undefined;

  const closeSession = async (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server.close().catch(() => {});
  };

  function hostAllowed(req: IncomingMessage): boolean {
    if (!allowedHosts) return true;
    const header = req.headers.host;
    return typeof header === "string" && allowedHosts.has(header.toLowerCase());
  }

  function originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined) return true;
    if (options.allowedOrigins) return options.allowedOrigins.includes(origin);
    return LOOPBACK_ORIGIN.test(origin);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://placeholder");
    if (url.pathname !== path) {
      if (options.otherRoutes && hostAllowed(req) && (await options.otherRoutes(req, res))) return;
      sendJsonRpcError(res, 404, -32601, `Not found: the MCP endpoint is ${path}`);
      return;
    }
    if (!hostAllowed(req)) {
      log.warn("http_host_rejected", { host: String(req.headers.host ?? "").slice(0, 100) });
      sendJsonRpcError(res, 403, -32000, "Forbidden: Host header not allowed");
      return;
    }
    if (!originAllowed(req)) {
      log.warn("http_origin_rejected", { origin: String(req.headers.origin ?? "").slice(0, 100) });
      sendJsonRpcError(res, 403, -32000, "Forbidden: Origin not allowed");
      return;
    }
    const sessionHeader = req.headers["mcp-session-id"];
    const sessionId = typeof sessionHeader === "string" ? sessionHeader : undefined;
    let body: unknown;
    if (req.method === "POST") {
      let raw: Buffer;
      try {
        raw = await readBody(req, maxBody);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          sendJsonRpcError(res, 413, -32600, `Request body too large (limit ${maxBody} bytes)`, {
            connection: "close",
          });
          return;
        }
        throw error;
      }
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        sendJsonRpcError(res, 400, -32700, "Parse error: the request body is not valid JSON");
        return;
      }
      if (typeof body !== "object" || body === null) {
        sendJsonRpcError(res, 400, -32600, "Invalid request: expected a JSON-RPC object or batch");
        return;
      }
    }

    const session = sessionId ? sessions.get(sessionId) : undefined;
    if (!session) {
      if (sessionId) {
        sendJsonRpcError(res, 404, -32001, "Session not found: initialize a new session");
        return;
      }
      const initializing =
        req.method === "POST" &&
        (Array.isArray(body)
          ? body.some((m) => isInitializeRequest(m))
          : isInitializeRequest(body));
      if (!initializing) {
        sendJsonRpcError(
          res,
          400,
          -32000,
          "Bad request: no valid session id, and not an initialize request",
        );
        return;
      }
      if (sessions.size >= maxSessions) {
        const oldest = [...sessions.entries()].sort((a, b) => a[1].lastSeen - b[1].lastSeen)[0];
        if (oldest) await closeSession(oldest[0]);
      }
      const server = options.createServer();
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (id) => {
          sessions.set(id, { transport, server, lastSeen: Date.now() });
        },
      });
      transport.onclose = () => {
        if (transport.sessionId) sessions.delete(transport.sessionId);
      };
      transport.onerror = (error) => log.warn("mcp_transport_error", errorFields(error));
      await server.connect(transport);
      await transport.handleRequest(req, res, body);
      return;
    }
    session.lastSeen = Date.now();
    await session.transport.handleRequest(req, res, body);
  }

  const httpServer = createHttpServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log.error("http_request_failed", errorFields(error));
      sendJsonRpcError(res, 500, -32603, "Internal error");
    });
  });
  httpServer.requestTimeout = 60_000;

  const sweeper = setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const [id, session] of sessions) if (session.lastSeen < cutoff) void closeSession(id);
    },
    Math.min(idleMs, 60_000),
  );
  sweeper.unref();

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port ?? 8787, host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  if (options.allowedHosts) {
    allowedHosts = new Set(options.allowedHosts.map((h) => h.toLowerCase()));
  } else if (LOOPBACK.has(host)) {
    allowedHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
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
      clearInterval(sweeper);
      await Promise.all([...sessions.keys()].map((id) => closeSession(id)));
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}
