/**
 * `GET /healthz`: whether this instance can serve tools now, for a load balancer or an
 * orchestrator (docs/deploy.md). 200 `{"status":"ok"}` when the process answers and its
 * database does, within a second; 503 `{"status":"unavailable"}` otherwise, so the proxy
 * sends requests to the other instances. Nothing about the failure is in the answer (it is
 * public); the reason goes to the log. `main.ts` puts it in `serveHttp`'s `otherRoutes`.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorFields, type ServerLogger } from "widget-kit/server";

const PATH = "/healthz";
const TIMEOUT_MS = 1_000;

/** The route: resolves `false` for every other path. */
export function createHealthRoute(database: { ping(): Promise<void> }, log: ServerLogger) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (new URL(req.url ?? "/", "http://health.invalid").pathname !== PATH) return false;
    const headers = {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { ...headers, Allow: "GET, HEAD" }).end();
      return true;
    }
    let timer: NodeJS.Timeout | undefined;
    const healthy = await Promise.race([
      database.ping().then(() => true),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ])
      .catch((error: unknown) => {
        log.warn("health_check_failed", errorFields(error));
        return false;
      })
      .finally(() => clearTimeout(timer));
    res.writeHead(healthy ? 200 : 503, headers);
    res.end(
      req.method === "HEAD"
        ? undefined
        : JSON.stringify({ status: healthy ? "ok" : "unavailable" }),
    );
    return true;
  };
}
