/**
 * An in-process app on the kit's `serveHttp`, as the test harnesses start one (the fixture
 * app's and GiftGenius'): its tool server on an ephemeral loopback port, its resource server's
 * `authenticate` hook and metadata route when it has one, and any `serveHttp` option a test
 * changes.
 */
import {
  serveHttp,
  type HttpAuthenticate,
  type ServerLogger,
  type ToolServer,
} from "mcp-widget-kit/server";

// By the package name, so that an app's tests (GiftGenius' harness, which resolves the kit to its
// build) and the kit's own (resolved to its sources) each load one copy of the kit.

/** The running server `serveHttp` gives back. */
export type HttpEndpoint = Awaited<ReturnType<typeof serveHttp>>;
/** `serveHttp`'s options. */
export type HttpOptions = Parameters<typeof serveHttp>[0];

/** What an app gives the harness: its tools, and its resource server's hooks (if signed in). */
export interface InProcessApp {
  tools: ToolServer;
  http:
    { authenticate: HttpAuthenticate; respond(request: Request): Response | undefined } | undefined;
}

/** Serves `app` over Streamable HTTP on 127.0.0.1 and an ephemeral port. */
export function serveInProcess(
  app: InProcessApp,
  log: ServerLogger,
  http: Partial<HttpOptions> = {},
): Promise<HttpEndpoint> {
  const resourceServer = app.http;
  return serveHttp({
    createServer: (context) => app.tools.createServer(context),
    log,
    port: 0,
    ...(app.http ? { authenticate: app.http.authenticate } : {}),
    ...(resourceServer ? { routes: async (request) => resourceServer.respond(request) } : {}),
    ...http,
  });
}
