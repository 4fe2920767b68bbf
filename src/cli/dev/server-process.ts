/**
 * The server half of `mcp-widget-kit dev`: the app's server command as a child process in its own
 * process group, in development mode, and the endpoint URL it prints.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

/** Starts the server command; resolves with the first `http://…` URL it prints. */
export function startServer(
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
