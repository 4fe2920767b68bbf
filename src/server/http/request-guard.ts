/**
 * Who may use the development side doors of a server on `node:http` — the dev host page's
 * routes and the fault switch (`fault-switch-route.ts`, served by the dev host and by
 * `serveApp`). The fault switch changes how the server behaves for everyone, so it exists only
 * in development on a loopback-bound server, and only answers same-origin requests (a page on
 * another site, or a DNS-rebound name, gets nothing).
 */
import type { IncomingMessage } from "node:http";
import type { AddressInfo, Server, Socket } from "node:net";
import { isLoopbackAddress, isLoopbackHostName } from "../../core/loopback.ts";

/** True when the server that accepted `req` listens on a loopback address only. */
export function isServedOnLoopback(req: IncomingMessage): boolean {
  // `socket.server` is the listening server (set by node:net for accepted sockets); its bound
  // address matters, not the address this one request happened to arrive on.
  const { server } = req.socket as Socket & { server?: Server };
  const bound = server?.address();
  const address =
    bound && typeof bound === "object" ? (bound as AddressInfo).address : req.socket.localAddress;
  return isLoopbackAddress(address);
}

/** True when the `Host` header names the loopback interface (defeats DNS rebinding). */
export function hasLoopbackHost(req: IncomingMessage): boolean {
  const host = req.headers.host ?? "";
  const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
  return isLoopbackHostName(name);
}

/**
 * True when a state-changing request comes from this server's own page: a JSON body (which a
 * cross-site form cannot send without a CORS preflight we never answer), an `Origin` equal to
 * this host, and — where the browser sends it — `Sec-Fetch-Site: same-origin`.
 */
export function isSameOriginJsonRequest(req: IncomingMessage): boolean {
  const contentType = String(req.headers["content-type"] ?? "")
    .split(";")[0]
    ?.trim()
    .toLowerCase();
  if (contentType !== "application/json") return false;
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return false;
  const origin = req.headers.origin;
  return typeof origin === "string" && origin === `http://${req.headers.host ?? ""}`;
}

/**
 * True when the browser says another site or origin sent this request: `Sec-Fetch-Site` is
 * `cross-site` or `same-site` (another port on this machine is the same site, and still not
 * this page), or an `Origin` header names another origin. Such a request to the dev host is
 * a link or a form on someone else's page; the dev host answers nothing to it. A request
 * without these headers (a person typing the address, curl) passes.
 */
export function isForeignRequest(req: IncomingMessage): boolean {
  const site = req.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") return true;
  const origin = req.headers.origin;
  return typeof origin === "string" && origin !== `http://${req.headers.host ?? ""}`;
}
