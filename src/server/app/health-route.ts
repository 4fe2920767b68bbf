/**
 * `GET /healthz`: whether this instance can serve tools now, for a load balancer, an
 * orchestrator or the tunnel check of docs/deploy.md. 200 `{"status":"ok"}` when the process
 * answers and its store does, within a second; 503 `{"status":"unavailable"}` otherwise, so
 * the proxy sends requests to the other instances. Nothing about the failure is in the answer
 * (it is public); the reason goes to the log.
 */
import { errorFields, type ServerLogger } from "../runtime/log.ts";

/** The path the route answers. */
export const HEALTH_PATH = "/healthz";
const TIMEOUT_MS = 1_000;

/**
 * The route, web-shaped (`serveHttp`'s `routes`, a fetch entry): `undefined` for every other
 * path, 405 for methods other than GET and HEAD. `target.ping` resolves while the store answers.
 */
export function createHealthRoute(target: { ping(): Promise<void> }, log: ServerLogger) {
  return async (request: Request): Promise<Response | undefined> => {
    if (new URL(request.url).pathname !== HEALTH_PATH) return undefined;
    const headers = {
      "Content-Type": "application/json",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    };
    if (request.method !== "GET" && request.method !== "HEAD")
      return new Response(null, { status: 405, headers: { ...headers, Allow: "GET, HEAD" } });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const healthy = await Promise.race([
      Promise.resolve()
        .then(() => target.ping())
        .then(() => true),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ])
      .catch((error: unknown) => {
        log.warn("health_check_failed", errorFields(error));
        return false;
      })
      .finally(() => clearTimeout(timer));
    const body =
      request.method === "HEAD" ? null : JSON.stringify({ status: healthy ? "ok" : "unavailable" });
    return new Response(body, { status: healthy ? 200 : 503, headers });
  };
}
