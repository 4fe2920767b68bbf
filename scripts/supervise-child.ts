/**
 * Waits for a child process to say it is ready — a line on its stderr (or stdout) that `ready`
 * recognises
 * — and gives back its logged lines and a `stop` (SIGTERM, then SIGKILL after 5 s). Shared by
 * `spawnServer` and the deploy test's proxy and identity provider.
 */
import type { ChildProcess } from "node:child_process";

/** A child that said it is ready. */
export interface SupervisedChild<T> {
  child: ChildProcess;
  /** What `ready` took from the line that said so (a URL, a port). */
  ready: T;
  /** Every line it wrote on stderr and stdout, so far and from now on. */
  logs: string[];
  stop(): Promise<void>;
}

/** Resolves once `ready(line)` returns a value; rejects when the child exits or times out first. */
export function superviseChild<T>(
  child: ChildProcess,
  name: string,
  ready: (line: string) => T | undefined,
  timeoutMs = 60_000,
): Promise<SupervisedChild<T>> {
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
      reject(new Error(`${name} did not start in ${timeoutMs} ms:\n${logs.join("\n")}`));
    }, timeoutMs);
    let done = false;
    // stderr, and stdout where a runtime prints its own lines (a fetch entry under Bun, Deno).
    for (const stream of [child.stderr, child.stdout]) {
      let buffer = "";
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        buffer += chunk;
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const line of lines) {
          logs.push(line);
          const value = done ? undefined : ready(line);
          if (value === undefined) continue;
          done = true;
          clearTimeout(timer);
          resolve({ child, ready: value, logs, stop });
        }
      });
    }
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before it was ready:\n${logs.join("\n")}`));
    });
  });
}

/** `ready` for JSON log lines: the value `pick` takes from the first entry it accepts. */
export function jsonLine<T>(pick: (entry: { [key: string]: unknown }) => T | undefined) {
  return (line: string): T | undefined => {
    try {
      const entry: unknown = JSON.parse(line);
      return typeof entry === "object" && entry !== null
        ? pick(entry as { [key: string]: unknown })
        : undefined;
    } catch {
      return undefined; // not a log line
    }
  };
}
