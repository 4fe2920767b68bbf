/**
 * Streamable HTTP for a tool server on plain `node:http`: a thin adapter over
 * `createFetchHandler`, which holds every guard (Host, Origin, CORS, body and JSON limits,
 * the `authenticate` hook) and both protocol revisions. What only Node has stays here: the
 * listening socket, its loopback default for `Host`, and `otherRoutes` on `(req, res)` (the
 * local host page), tried after the same path and Host checks the handler makes.
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { createFetchHandler, type FetchHandlerOptions } from "./http/fetch-handler.ts";
import { jsonRpcError } from "./http/json-rpc-error.ts";
import { fetchCanCarry, targetNamesPath, toRequest, writeResponse } from "./http/node-adapter.ts";
import { hostAllowed, pathDecodes } from "./http/request-checks.ts";
import { isLoopbackHost, loopbackHostHeaders } from "../core/loopback.ts";
import { errorFields } from "./log.ts";

export type { HttpAuthOutcome } from "./http/fetch-handler.ts";

/** Options of `serveHttp` (spelled out on it). */
export type HttpOptions = Parameters<typeof serveHttp>[0];

/** A running HTTP endpoint (what {@link serveHttp} resolves). */
export type HttpEndpoint = Awaited<ReturnType<typeof serveHttp>>;

/**
 * Serves `options.createServer` over Streamable HTTP. Logs where it listens. `options` are the
 * fetch handler's (`createFetchHandler`), plus where to listen and Node-only routes.
 *
 * @returns The running endpoint: its `url` (e.g. `http://127.0.0.1:8787/mcp`), the bound
 *   `port` (the free one picked for `port: 0`), and `close()`, which stops accepting
 *   connections and ends requests in flight.
 */
export async function serveHttp(
  options: Omit<FetchHandlerOptions, "allowedHosts"> & {
    /** Interface to bind; default `127.0.0.1`. */
    host?: string;
    /** Port; `0` picks a free one. Default 8787. */
    port?: number;
    /**
     * Accepted `Host` header values (`name:port` or `name`). Default on a loopback interface:
     * `127.0.0.1`, `localhost` and `[::1]` with the bound port. Elsewhere, set it (a warning is
     * logged and any host is accepted otherwise).
     */
    allowedHosts?: readonly string[];
    /**
     * Routes on `node:http` served next to the endpoint (e.g. the dev host page from
     * `src/devhost`): called for every other path once the Host check passed; resolves `true`
     * when it answered. Tried before `routes`.
     */
    otherRoutes?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
  },
): Promise<{
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}> {
  const { log, otherRoutes } = options;
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";

  const httpServer = createHttpServer();
  httpServer.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port ?? 8787, host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  let allowedHosts: readonly string[] | "any";
  if (options.allowedHosts) allowedHosts = options.allowedHosts;
  else if (isLoopbackHost(host)) allowedHosts = loopbackHostHeaders(port);
  else {
    allowedHosts = "any";
    log.warn("http_host_check_off", { reason: "not bound to loopback and no allowedHosts given" });
  }
  const hosts = allowedHosts === "any" ? "any" : new Set(allowedHosts.map((h) => h.toLowerCase()));
  // Off a socket every request has a Host header (HTTP/1.0 may omit it): required, as on Bun.
  const handler = createFetchHandler({ requireHost: true, ...options, allowedHosts });

  /** Whether a Node-only route answered (same path and Host rules as the handler's routes). */
  async function nodeRoute(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (!otherRoutes) return false;
    const pathname = new URL(`http://localhost${req.url?.startsWith("/") ? req.url : "/"}`)
      .pathname;
    if (pathname === path || !pathDecodes(pathname)) return false;
    if (!hostAllowed(req.headers.host, hosts)) return false;
    return otherRoutes(req, res);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const gone = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) gone.abort();
    });
    if (!fetchCanCarry(req)) {
      const refused = jsonRpcError(405, -32600, "Method not allowed", { allow: "GET, POST" });
      return writeResponse(req, res, refused, gone.signal);
    }
    if (!targetNamesPath(req))
      return writeResponse(req, res, jsonRpcError(400, -32600, "Bad request"), gone.signal);
    if (await nodeRoute(req, res)) return;
    const response = await handler(toRequest(req, gone.signal));
    await writeResponse(req, res, response, gone.signal);
  }

  httpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(async (error: unknown) => {
      log.error("http_request_failed", errorFields(error));
      const failed = jsonRpcError(500, -32603, "Internal error");
      await writeResponse(req, res, failed, new AbortController().signal).catch(() => {});
    });
  });

  const shownHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}${path}`;
  log.info("listening", { url, transport: "streamable-http" });

  return {
    url,
    port,
    async close() {
      await handler.close();
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
    },
  };
}
