/**
 * Starts `examples/giftgenius/server/main.ts` as a child process on an ephemeral port and
 * resolves with its URL once it logs where it listens. Used by tests, `npm run record` and
 * the benchmark.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

/** A running server process. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it logged (JSON lines on stderr). */
  logs: string[];
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSX = fileURLToPath(new URL("../node_modules/.bin/tsx", import.meta.url));

/** Spawns the server with `env` added to the current environment (PORT defaults to 0). */
export function spawnServer(
  env: { [key: string]: string | undefined } = {},
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  return spawnLoggedServer(
    TSX,
    ["examples/giftgenius/server/main.ts"],
    {
      // Development unless the caller says otherwise: the built-in draft secret is refused elsewhere.
      NODE_ENV: process.env.NODE_ENV || "development",
      PORT: "0",
      HOST: "127.0.0.1",
      // Without AUTH_ISSUER the server starts the development authorization server: on a free port.
      AUTH_DEV_PORT: "0",
      ...env,
    },
    (entry) => (entry.event === "listening" ? entry.url : undefined),
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
  readyUrl: (entry: { event?: string; url?: string }) => string | undefined,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const logs: string[] = [];
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start in ${timeoutMs} ms:\n${logs.join("\n")}`));
    }, timeoutMs);
    const readLines = (stream: NodeJS.ReadableStream | null) => {
      let buffer = "";
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          logs.push(line);
          try {
            const url = readyUrl(JSON.parse(line) as { event?: string; url?: string });
            if (url) {
              clearTimeout(timer);
              resolve({ url, child, logs, stop });
            }
          } catch {
            // not a log line
          }
        }
      });
    };
    readLines(child.stderr);
    readLines(child.stdout);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${logs.join("\n")}`));
    });
  });
}
