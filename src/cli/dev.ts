/**
 * `mcp-widget-kit dev`: the local host page (mcp-widget-kit/devhost) for any app's MCP server, run
 * in the app's folder. It
 * 1. builds the widget with the app's own vite.config.ts in watch mode, so a save rebuilds
 *    dist/ (the server reads the build on each request) and the open page reloads its widget
 *    frames by itself (server-sent events from the dev host);
 * 2. starts the server (`--command`, whose first `http://…` line on stdout is the endpoint,
 *    with `NODE_ENV=development`, and `PORT=0` unless PORT is set) or reaches a running one
 *    (`--server`);
 * 3. serves the page on 127.0.0.1 and forwards its MCP requests (`/mcp`) and the server's
 *    protected-resource metadata to that endpoint, because the page's CSP lets it talk to its
 *    own origin only. The page is the MCP endpoint the person's browser uses, so the command
 *    gets `AUTH_AUDIENCE=<page>/mcp` (unless set): the tokens the page signs in for name it.
 *    The page may also reach the authorization servers the metadata names, to sign in.
 *    Its fault switch is the app server's own `/devhost/faults` (dev/app-faults.ts), when it
 *    has one: `serveApp` serves it in development for every `defineWrite` commit.
 * With `--app-page` the server serves the page itself and only hears of the rebuilds
 * (dev/app-page.ts).
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createDevHostHandler } from "../devhost/server/handler.ts";
import { isForeignRequest } from "../server/http/request-guard.ts";
import { UsageError } from "./create.ts";
import { appFaults } from "./dev/app-faults.ts";
import { runDevForAppPage } from "./dev/app-page.ts";
import { forward } from "./dev/forward.ts";
import {
  authorizationServers,
  MCP_PATH,
  METADATA_PATHS,
  metadataTarget,
} from "./dev/resource-metadata.ts";
import { startServer, stopServer } from "./dev/server-process.ts";
import { watchWidget } from "./dev/watch-widget.ts";

/** Options of {@link runDev}. */
export interface DevOptions {
  /** A shell command that starts the app's MCP server and prints its URL on stdout. */
  readonly command?: string | undefined;
  /** The MCP endpoint of a running server (with `command`: the one it will listen on). */
  readonly server?: string | undefined;
  /** The page's port on 127.0.0.1 (`--port`, else `DEV_PAGE_PORT`, else 8789); `0` picks a free one. */
  readonly port: number;
  /**
   * The command's server serves the dev page itself: serve no page, only tell the server of
   * each rebuild (dev/app-page.ts).
   */
  readonly appPage?: boolean;
}

function appName(cwd: string): string {
  try {
    const { name } = JSON.parse(readFileSync(join(cwd, "package.json"), "utf8")) as {
      name?: string;
    };
    return typeof name === "string" ? name : "MCP app";
  } catch {
    return "MCP app";
  }
}

/** Runs until SIGINT/SIGTERM. Resolves once the page is served (its URL printed on stdout). */
export async function runDev(options: DevOptions): Promise<void> {
  const cwd = process.cwd();
  if (!options.command && !options.server)
    throw new UsageError(
      'Say how to reach the MCP server: --command "<start it>" or --server <url>.',
    );
  if (options.server !== undefined && !URL.canParse(options.server))
    throw new UsageError(`--server must be a URL, not "${options.server}".`);
  if (options.appPage) {
    if (!options.command || options.server)
      throw new UsageError("--app-page runs the server itself: give --command, not --server.");
    return runDevForAppPage(options.command, cwd);
  }

  const rebuilt = new Set<() => void>();
  const widget = await watchWidget(() => rebuilt.forEach((listener) => listener()));
  // The page listens first: its address is the MCP endpoint the browser uses (the audience).
  let route: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) =>
    void res.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "1" }).end();
  const server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const audience = `http://127.0.0.1:${port}${MCP_PATH}`;
  const started = options.command
    ? startServer(options.command, cwd, {
        PORT: process.env.PORT ?? "0",
        AUTH_AUDIENCE: process.env.AUTH_AUDIENCE ?? audience,
      })
    : undefined;
  const stop = async () => {
    if (started) stopServer(started.child);
    await widget.close();
  };
  let target: URL;
  try {
    target = new URL(options.server ?? (await started!.url));
  } catch (error) {
    server.close();
    await stop();
    throw error;
  }

  // The app server's own fault switch (serveApp's, in development on loopback), if it has one.
  const faults = await appFaults(target);
  const devHost = createDevHostHandler({
    appName: appName(cwd),
    mcpPath: MCP_PATH,
    // The page is this machine's development tool, whatever NODE_ENV this process has; the
    // switch is the app server's, which answers only in development on loopback.
    development: true,
    ...(faults ? { faults } : {}),
    authorizationServers: await authorizationServers(target),
    widgetBuilds: {
      subscribe(listener) {
        rebuilt.add(listener);
        return () => rebuilt.delete(listener);
      },
    },
  });
  route = async (req, res) => {
    if (await devHost(req, res)) return;
    const path = new URL(req.url ?? "/", "http://dev.invalid").pathname;
    const metadata = METADATA_PATHS.has(path);
    // Another site's page must not reach the app's tools through this port.
    if ((path !== MCP_PATH && !metadata) || isForeignRequest(req)) {
      res.writeHead(path === MCP_PATH ? 403 : 404, { "Content-Type": "text/plain" }).end();
      return;
    }
    forward(req, res, metadata ? metadataTarget(path, target) : target);
  };
  // The page's port as bound (0 picks a free one); the server printed its own, and its sign-in's.
  console.log(`mcp-widget-kit dev: http://127.0.0.1:${port}/ (MCP server ${target.href})`);

  const shutdown = () => {
    server.close();
    void stop().finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
