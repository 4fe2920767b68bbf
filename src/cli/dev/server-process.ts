/**
 * The server half of `mcp-widget-kit dev`: the app's server command as a child process in its own
 * process group, in development mode, and the endpoint URL it prints.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

/**
 * Starts the server command with `env` over this process's environment; resolves with the
 * first `http://…` URL it prints.
 */
export function startServer(
  command: string,
  cwd: string,
  env: { readonly [name: string]: string },
  echo: (line: string) => void = (line) => console.log(line),
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
      ...env,
    },
    // Its own process group, so stopping reaches the server and not only the shell around it.
    detached: true,
  });
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on("line", (line) => {
      echo(line);
      const found = /https?:\/\/\S+/.exec(line);
      if (found) resolve(found[0]);
    });
    child.on("exit", (code) =>
      reject(new Error(`the server command exited (${code}) before printing its URL`)),
    );
  });
  return { child, url };
}

/** Stops the server's whole process group; nothing to do when it is gone already. */
export function stopServer(child: ChildProcess): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
  } catch {
    // The group is gone already (the server exited by itself).
  }
}
