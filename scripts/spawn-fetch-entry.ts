/**
 * Starts GiftGenius' fetch entry (`examples/giftgenius/server/fetch.ts`) under Bun, Deno or
 * Node on a free loopback port and resolves once it answers: Bun serves its default export,
 * Deno and Node serve it on `node:http` through `serve-fetch.ts` (the documented entries). Used
 * by the runtime tests and the bench.
 */
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { installRuntimes, type FetchRuntime } from "./runtimes.ts";
import { spawnLoggedServer, type ServerProcess } from "./spawn-server.ts";

const ENTRY = "examples/giftgenius/server/fetch.ts";
const ON_NODE_HTTP = "examples/giftgenius/server/serve-fetch.ts";
const TSX = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));

/** A port nobody listens on now (the runtimes take a number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** Waits until the metadata route answers: the runtime has bound its port. */
async function answering(url: string, timeoutMs: number): Promise<void> {
  // The bare form: the path-suffixed one depends on the canonical URI (AUTH_AUDIENCE).
  const metadata = new URL("/.well-known/oauth-protected-resource", url);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(metadata).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `runtime` serving the fetch entry with `env` (which needs AUTH_*, DATABASE_URL). */
export async function spawnFetchEntry(
  runtime: FetchRuntime | "node",
  env: { [key: string]: string | undefined },
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/mcp`;
  const full = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DENO_NO_UPDATE_CHECK: "1",
    AUTH_AUDIENCE: url,
    // Production needs its public origin (the pictures' origin in the widget's CSP).
    PUBLIC_ORIGIN: new URL(url).origin,
    ...env,
  };
  let command: string;
  let args: string[];
  if (runtime === "node") {
    command = TSX;
    args = [ON_NODE_HTTP];
  } else if (runtime === "bun") {
    command = installRuntimes().bun;
    args = [ENTRY];
  } else {
    command = installRuntimes().deno;
    // What pg, the catalog and the widget files need; nothing to write, no subprocesses.
    args = ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", ON_NODE_HTTP];
  }
  const server = await spawnLoggedServer(
    command,
    args,
    full,
    (entry) =>
      entry.event === "fetch_handler_ready" || entry.event === "listening" ? url : undefined,
    timeoutMs,
  );
  try {
    await answering(url, timeoutMs);
  } catch (error) {
    await server.stop();
    throw new Error(`${runtime}: ${(error as Error).message}\n${server.logs.join("\n")}`);
  }
  return server;
}
