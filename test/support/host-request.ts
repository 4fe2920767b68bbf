/**
 * An HTTP request to a test server with a `Host` header of the test's choosing (fetch cannot
 * set one), for the `ALLOWED_HOSTS` checks. A body goes as an MCP JSON-RPC POST.
 */
import { request } from "node:http";

/**
 * Sends `path` to `url`'s server as `host`; resolves with the status and the body's text.
 * `headers` go last (a test's own `Origin`, `Content-Type`, `Sec-Fetch-Site`).
 */
export function requestAsHost(
  url: URL,
  path: string,
  host: string,
  body?: unknown,
  headers: { readonly [name: string]: string } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sent = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: sent ? "POST" : "GET",
        headers: {
          host,
          ...(sent
            ? {
                "content-type": "application/json",
                accept: "application/json, text/event-stream",
                "mcp-protocol-version": "2025-11-25",
              }
            : {}),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", reject);
    req.end(sent);
  });
}
