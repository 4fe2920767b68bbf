/**
 * A fetch handler on a `node:http` socket: the listening server with the timeouts that close a
 * slow client's socket, and the per-request glue (405 for what fetch cannot carry, 400 for a
 * target that names no path, 500 for a failure). `serveHttp`'s socket; it runs on Node and on
 * Deno's `node:http`, which honours the same timeouts where `Deno.serve`
 * has none (docs/server.md, "Serverless and edge").
 */
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { jsonRpcError } from "./json-rpc-error.ts";
import { fetchCanCarry, targetNamesPath, toRequest, writeResponse } from "./node-adapter.ts";
import { errorFields, type ServerLogger } from "../runtime/log.ts";

/**
 * How long a client may take over its header block: past it the socket gets a 408 and is
 * closed, so a slowloris client (one header line now and then) holds it no longer than this.
 */
export const HEADERS_TIMEOUT_MS = 20_000;
/** How often the server looks for sockets past their header or request deadline. */
const CHECK_EVERY_MS = 5_000;
/** The least time a whole request (headers and body) may take before its socket is closed. */
const MIN_REQUEST_TIMEOUT_MS = 60_000;

/** A `node:http` server listening on `host`:`port` (`0`: a free one), with its bound port. */
export async function listenNodeHttp(
  host: string,
  port: number,
  bodyTimeoutMs: number,
): Promise<{ server: Server; port: number }> {
  const server = createHttpServer({
    headersTimeout: HEADERS_TIMEOUT_MS,
    // The handler answers a stalled body with 408 at `bodyTimeoutMs`; the socket's own limit
    // stays above that, and closes a client that never reads that answer.
    requestTimeout: Math.max(MIN_REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS + bodyTimeoutMs),
    connectionsCheckingInterval: CHECK_EVERY_MS,
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

/**
 * Answers every request on `server` with `handler`; `nodeRoute` may answer first on
 * `(req, res)` (it resolves `true` when it did).
 */
export function answerWithFetch(
  server: Server,
  handler: (request: Request) => Promise<Response>,
  log: ServerLogger,
  nodeRoute: (req: IncomingMessage, res: ServerResponse) => Promise<boolean> = async () => false,
): void {
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

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch(async (error: unknown) => {
      log.error("http_request_failed", errorFields(error));
      const failed = jsonRpcError(500, -32603, "Internal error");
      await writeResponse(req, res, failed, new AbortController().signal).catch(() => {});
    });
  });
}

/** Stops accepting, ends every open socket, and resolves once the server has closed. */
export function closeNodeHttp(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
