/**
 * Streamable HTTP for a tool server on plain `node:http`: a thin adapter over
 * `createFetchHandler`, which holds every guard (Host, Origin, CORS, body and JSON limits,
 * the `authenticate` hook) and both protocol revisions. What only Node has stays here: the
 * listening socket, its loopback default for `Host`, and `otherRoutes` on `(req, res)` (the
 * local host page), tried after the same path and Host checks the handler makes.
 */
import { type IncomingMessage, type ServerResponse } from "node:http";
import {
  createFetchHandler,
  DEFAULT_BODY_TIMEOUT,
  type FetchHandlerOptions,
} from "./fetch-handler.ts";
import { answerWithFetch, closeNodeHttp, listenNodeHttp } from "./node-listener.ts";
import { hostAllowed, pathDecodes } from "./request-checks.ts";
import { isLoopbackHost, loopbackHostHeaders } from "../../core/loopback.ts";

export type { HttpAuthOutcome } from "./fetch-handler.ts";

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

  const { server: httpServer, port } = await listenNodeHttp(
    host,
    options.port ?? 8787,
    options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT,
  );
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

  answerWithFetch(httpServer, handler, log, nodeRoute);

  const shownHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}${path}`;
  log.info("listening", { url, transport: "streamable-http" });

  return {
    url,
    port,
    async close() {
      await handler.close();
      await closeNodeHttp(httpServer);
    },
  };
}
