/**
 * `mcp-widget-kit dev --app-page`: the dev loop for a server that serves the dev page itself
 * (`createDevHostHandler` among its own routes, as the repository's example server does).
 * There is no page and no proxy here: the widget is rebuilt on every save, the server command
 * runs in development, and each rebuild is announced on a loopback event stream whose address
 * the command gets in `MCP_WIDGET_KIT_WIDGET_BUILDS`; the server's dev host handler listens to
 * it, so its own page reloads the widget frames. The command keeps its own `PORT`, `HOST` and
 * `AUTH_AUDIENCE` (the page is the server's, and so is the endpoint the browser calls).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serveBuildEvents, WIDGET_BUILDS_ENV } from "../../devhost/server/build-events.ts";
import { startServer, stopServer } from "./server-process.ts";
import { watchWidget } from "./watch-widget.ts";

const EVENTS_PATH = "/devhost/events";

/**
 * Builds the widget, starts `command` and announces every rebuild to it. Runs until
 * SIGINT/SIGTERM (which stop the command's process group) or until the command exits (this
 * process then exits with its code).
 */
export async function runDevForAppPage(command: string, cwd: string): Promise<void> {
  const rebuilt = new Set<() => void>();
  const builds = {
    subscribe(listener: () => void) {
      rebuilt.add(listener);
      return () => rebuilt.delete(listener);
    },
  };
  const widget = await watchWidget(() => rebuilt.forEach((listener) => listener()));
  // Loopback only, and nothing but the stream: it says when a build happened, nothing more.
  const events = createServer((req, res) => {
    if (req.method === "GET" && req.url === EVENTS_PATH) serveBuildEvents(res, builds);
    else res.writeHead(404, { "Content-Type": "text/plain" }).end();
  });
  await new Promise<void>((resolve) => events.listen(0, "127.0.0.1", resolve));
  const { port } = events.address() as AddressInfo;
  const started = startServer(command, cwd, {
    [WIDGET_BUILDS_ENV]: `http://127.0.0.1:${port}${EVENTS_PATH}`,
  });
  // The server says where it listens in its own log; nothing here waits for a URL.
  started.url.catch(() => {});
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    stopServer(started.child);
    events.closeAllConnections();
    events.close();
    void widget.close().finally(() => process.exit(code));
  };
  started.child.once("exit", (code) => stop(code ?? 1));
  process.once("SIGINT", () => stop(0));
  process.once("SIGTERM", () => stop(0));
  console.log(
    "mcp-widget-kit dev: the widget rebuilds on every save; the server's page reloads it",
  );
}
