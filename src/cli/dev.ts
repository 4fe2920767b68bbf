/**
 * `widget-kit dev`: the local host page (widget-kit/devhost) for any app's MCP server, run
 * in the app's folder. It
 * 1. builds the widget with the app's own vite.config.ts in watch mode, so a save rebuilds
 *    dist/ and a page reload shows the edit (the server reads the build on each request);
 * 2. starts the server (`--command`, whose first `http://…` line on stdout is the endpoint,
 *    with `NODE_ENV=development`, and `PORT=0` unless PORT is set) or reaches a running one
 *    (`--server`);
 * 3. serves the page on 127.0.0.1 and forwards its MCP requests (`/mcp`) and the server's
 *    protected-resource metadata to that endpoint, because the page's CSP lets it talk to its
 *    own origin only. The page is the MCP endpoint the person's browser uses, so the command
 *    gets `AUTH_AUDIENCE=<page>/mcp` (unless set): the tokens the page signs in for name it.
 *    The page may also reach the authorization servers the metadata names, to sign in.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createDevHostHandler } from "../devhost/server/handler.ts";
import { isForeignRequest } from "../devhost/server/request-guard.ts";
import { UsageError } from "./create.ts";

/** Options of {@link runDev}. */
export interface DevOptions {
  /** A shell command that starts the app's MCP server and prints its URL on stdout. */
  readonly command?: string | undefined;
  /** The MCP endpoint of a running server (with `command`: the one it will listen on). */
  readonly server?: string | undefined;
  /** The page's port on 127.0.0.1; `0` picks a free one. */
  readonly port: number;
}

/** The path the page's MCP client uses (DevHostOptions.mcpPath's default). */
const MCP_PATH = "/mcp";
/** RFC 9728: the protected-resource metadata of the endpoint at `/mcp` (and the bare one). */
const METADATA_PATHS = new Set([
  "/.well-known/oauth-protected-resource",
  `/.well-known/oauth-protected-resource${MCP_PATH}`,
]);
/** Headers a hop-by-hop proxy must not pass on, and the browser's, which were checked here. */
const DROPPED_HEADERS = new Set(["host", "connection", "origin", "referer", "keep-alive"]);

/** Builds the widget once, then again on every change; resolves after the first build. */
async function watchWidget(): Promise<{ close(): Promise<void> }> {
  const vite = await import("vite").catch(() => {
    throw new UsageError("widget-kit dev builds the widget with vite: npm install --save-dev vite");
  });
  // No `root`: the app's vite.config.ts (found in the working folder) sets its own.
  const watcher = await vite.build({ logLevel: "warn", build: { watch: {} } });
  if (!("on" in watcher)) throw new Error("vite did not start a watcher");
  await new Promise<void>((resolve, reject) => {
    let built = false;
    let failed = false;
    watcher.on("event", (event) => {
      if (event.code === "BUNDLE_END") void event.result.close();
      if (event.code === "ERROR") {
        void event.result.close();
        if (built)
          console.error(`widget-kit dev: the widget did not build: ${event.error.message}`);
        // A widget that never built leaves nothing to serve: stop watching and report it.
        else {
          failed = true;
          void watcher.close().finally(() => reject(event.error));
        }
      }
      if (event.code === "END" && !failed) {
        if (built) console.log("widget-kit dev: widget rebuilt; reload the page");
        built = true;
        resolve();
      }
    });
  });
  return { close: () => watcher.close() };
}

/** Starts the server command; resolves with the first `http://…` URL it prints. */
function startServer(
  command: string,
  cwd: string,
  audience: string,
): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(command, {
    cwd,
    shell: true,
    stdio: ["ignore", "pipe", "inherit"],
    env: {
      ...process.env,
      // This is development, whatever this process's NODE_ENV says: Vite's build, run above in
      // this very process, sets it to "production", and production refuses the dev sign-in.
      NODE_ENV: "development",
      PORT: process.env.PORT ?? "0",
      AUTH_AUDIENCE: process.env.AUTH_AUDIENCE ?? audience,
    },
    // Its own process group, so stopping reaches the server and not only the shell around it.
    detached: true,
  });
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      console.log(line);
      const found = /https?:\/\/\S+/.exec(line);
      if (found) resolve(found[0]);
    });
    child.on("exit", (code) =>
      reject(new Error(`the server command exited (${code}) before printing its URL`)),
    );
  });
  return { child, url };
}

/**
 * The authorization servers the endpoint's protected-resource metadata names (none when it
 * has no metadata: a server without sign-in).
 */
async function authorizationServers(endpoint: URL): Promise<string[]> {
  const metadata = new URL(`/.well-known/oauth-protected-resource${endpoint.pathname}`, endpoint);
  try {
    const answer = await fetch(metadata, { signal: AbortSignal.timeout(5_000) });
    if (!answer.ok) return [];
    const { authorization_servers: servers } = (await answer.json()) as {
      authorization_servers?: unknown;
    };
    return Array.isArray(servers) ? servers.filter((s): s is string => typeof s === "string") : [];
  } catch {
    return [];
  }
}

/** Forwards one request to the MCP endpoint, streaming both ways (SSE included). */
function forward(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const headers: { [name: string]: string | string[] } = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && !DROPPED_HEADERS.has(name) && !name.startsWith("sec-fetch-"))
      headers[name] = value;
  const upstream = request(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", (error) => {
    if (res.headersSent) res.destroy();
    else res.writeHead(502, { "Content-Type": "text/plain" }).end(`MCP server: ${error.message}\n`);
  });
  req.pipe(upstream);
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

  const widget = await watchWidget();
  // The page listens first: its address is the MCP endpoint the browser uses (the audience).
  let route: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) =>
    void res.writeHead(503, { "Content-Type": "text/plain", "Retry-After": "1" }).end();
  const server = createServer((req, res) => void route(req, res));
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const audience = `http://127.0.0.1:${port}${MCP_PATH}`;
  const started = options.command ? startServer(options.command, cwd, audience) : undefined;
  const stop = async () => {
    const pid = started?.child.pid;
    try {
      if (pid !== undefined) process.kill(-pid, "SIGTERM");
    } catch {
      // The group is gone already (the server exited by itself).
    }
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

  const devHost = createDevHostHandler({
    appName: appName(cwd),
    mcpPath: MCP_PATH,
    authorizationServers: await authorizationServers(target),
  });
  const metadataTarget = (path: string) =>
    new URL(
      `/.well-known/oauth-protected-resource${path.endsWith(MCP_PATH) ? target.pathname : ""}`,
      target,
    );
  route = async (req, res) => {
    if (await devHost(req, res)) return;
    const path = new URL(req.url ?? "/", "http://dev.invalid").pathname;
    const metadata = METADATA_PATHS.has(path);
    // Another site's page must not reach the app's tools through this port.
    if ((path !== MCP_PATH && !metadata) || isForeignRequest(req)) {
      res.writeHead(path === MCP_PATH ? 403 : 404, { "Content-Type": "text/plain" }).end();
      return;
    }
    forward(req, res, metadata ? metadataTarget(path) : target);
  };
  console.log(`widget-kit dev: http://127.0.0.1:${port}/ (MCP server ${target.href})`);

  const shutdown = () => {
    server.close();
    void stop().finally(() => process.exit(0));
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}
