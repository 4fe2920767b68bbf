/**
 * The deploy test's `fetch`: what a client on the internet would do, on one machine. Names in
 * `hosts` connect to the given loopback address (a hosts entry, without editing /etc/hosts),
 * TLS trusts only the test CA, the URL — and so `Host`, SNI and the certificate check — stays
 * the public one. Redirects are returned, never followed (the sign-in walks them itself).
 * `hostHeader` sends another `Host` (a request straight to an instance, as the proxy forwards it).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { Readable } from "node:stream";

/** Options of {@link createTestFetch}. */
export interface TestFetchOptions {
  /** The only trusted root (PEM). */
  ca?: string;
  /** Public name → loopback address. */
  hosts?: ReadonlyMap<string, string>;
  /** `Host` to send instead of the URL's. */
  hostHeader?: string;
  /** Called with every URL requested (the test asserts where the client went). */
  onRequest?: (url: URL, method: string) => void;
  /** Called with every answer's status and headers. */
  onResponse?: (url: URL, status: number, headers: Headers) => void;
}

function lookupIn(hosts: ReadonlyMap<string, string>): LookupFunction {
  return (hostname, options, callback) => {
    const address = hosts.get(hostname.toLowerCase());
    if (!address) {
      callback(new Error(`the deploy test resolves only its own names, not ${hostname}`), "", 4);
      return;
    }
    if (options.all)
      (callback as unknown as (e: null, a: object[]) => void)(null, [{ address, family: 4 }]);
    else callback(null, address, 4);
  };
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  return headers;
}

/** A `fetch` with the test's name resolution and trust. */
export function createTestFetch(options: TestFetchOptions = {}): typeof fetch {
  const lookup = lookupIn(options.hosts ?? new Map());
  const https = new HttpsAgent({
    keepAlive: true,
    lookup,
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const http = new HttpAgent({ keepAlive: true });
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    options.onRequest?.(url, request.method);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (options.hostHeader) headers.host = options.hostHeader;
    if (body) headers["content-length"] = String(body.length);
    const secure = url.protocol === "https:";
    return new Promise<Response>((resolve, reject) => {
      const send = secure ? httpsRequest : httpRequest;
      const req = send(
        url,
        { method: request.method, headers, agent: secure ? https : http },
        (res) => {
          const status = res.statusCode ?? 502;
          const empty = status === 204 || status === 304 || request.method === "HEAD";
          if (empty) res.resume();
          const stream = empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
          const answered = headersOf(res);
          options.onResponse?.(url, status, answered);
          resolve(new Response(stream, { status, headers: answered }));
        },
      );
      const abort = () => req.destroy(new DOMException("aborted", "AbortError"));
      if (request.signal.aborted) abort();
      request.signal.addEventListener("abort", abort, { once: true });
      req.once("error", (error) => reject(new TypeError("fetch failed", { cause: error })));
      req.end(body);
    });
  };
}
