/**
 * Starts `examples/giftgenius/server/main.ts` as a child process on an ephemeral port and
 * resolves with its URL once it logs where it listens. Used by tests, `npm run record` and
 * the benchmark.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { jsonLine, superviseChild } from "./supervise-child.ts";

/** A running server process. */
export interface ServerProcess {
  url: string;
  /** The server's own process: `child.kill("SIGKILL")` is a crash of the server. */
  child: ChildProcess;
  /** Everything it logged (JSON lines on stderr). */
  logs: string[];
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** GiftGenius' widget build (`npm run build -w giftgenius`), which its server serves. */
export const GIFTGENIUS_DIST = fileURLToPath(
  new URL("../examples/giftgenius/dist", import.meta.url),
);

/**
 * Spawns the server with `env` added to the current environment (PORT defaults to 0);
 * `entry` is another server script that logs `listening` the same way (the kit's fixture app).
 */
export function spawnServer(
  env: { [key: string]: string | undefined } = {},
  timeoutMs = 60_000,
  entry = "examples/giftgenius/server/main.ts",
): Promise<ServerProcess> {
  // Node itself with tsx as a loader, not the tsx command: that one runs the server in a child
  // of its own, so a SIGKILL sent to it (a crash test) killed only the wrapper and left the
  // server serving, orphaned.
  return spawnLoggedServer(
    process.execPath,
    ["--import", "tsx", entry],
    {
      // Development unless the caller says otherwise: the built-in draft secret is refused elsewhere.
      NODE_ENV: process.env.NODE_ENV || "development",
      PORT: "0",
      HOST: "127.0.0.1",
      // Without AUTH_ISSUER the server starts the development authorization server: on a free port.
      AUTH_DEV_PORT: "0",
      // Started from the repository root: GiftGenius' relative default would be the root's dist/.
      WIDGET_DIST: GIFTGENIUS_DIST,
      ...env,
    },
    (entry) =>
      entry.event === "listening" && typeof entry.url === "string" ? entry.url : undefined,
    timeoutMs,
  );
}

/**
 * Spawns `command` in the repository with `env` added to the current environment, keeps its
 * JSON log lines (stderr, and stdout, where a runtime prints its own) and resolves once
 * `readyUrl` finds the server's URL in one of them.
 */
export function spawnLoggedServer(
  command: string,
  args: readonly string[],
  env: { [key: string]: string | undefined },
  readyUrl: (entry: { [key: string]: unknown }) => string | undefined,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return superviseChild(child, "server", jsonLine(readyUrl), timeoutMs).then(
    ({ ready, logs, stop }) => ({ url: ready, child, logs, stop }),
  );
}
