/**
 * Serves one widget HTML on 127.0.0.1 (ephemeral port) under its manifest's CSP as a real
 * header; every other path is a 404, so any stray request shows up as an error.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A running widget server. */
export interface WidgetServer {
  url: string;
  close(): Promise<void>;
}

/** Starts serving `html` at `/` with `csp` as its Content-Security-Policy header. */
export async function serveWidget(html: string, csp: string): Promise<WidgetServer> {
  const server: Server = createServer((req, res) => {
    if (req.url === "/" || req.url === "/widget.html") {
      res.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": csp,
        "cache-control": "no-store",
      });
      res.end(html);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
