/**
 * Starts test/fixture-app/main.ts as a child process on an ephemeral port (scripts/spawn-server.ts
 * does the same for GiftGenius) and resolves once it logs where it listens.
 */
import { spawnLoggedServer, type ServerProcess } from "../../scripts/spawn-server.ts";

/** Spawns the fixture server with `env` added to the current environment. */
export function spawnFixture(
  env: { [key: string]: string | undefined },
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  // Node with tsx as a loader, not the tsx command (its own child would outlive a SIGKILL).
  return spawnLoggedServer(
    process.execPath,
    ["--import", "tsx", "test/fixture-app/main.ts"],
    {
      NODE_ENV: process.env.NODE_ENV || "development",
      PORT: "0",
      HOST: "127.0.0.1",
      AUTH_DEV_PORT: "0",
      ...env,
    },
    (entry) =>
      entry.event === "listening" && typeof entry.url === "string" ? entry.url : undefined,
    timeoutMs,
  );
}

/** The purchase ids a server process logged as placed (`purchase_placed`). */
export function placedIn(server: ServerProcess): string[] {
  return server.logs.flatMap((line) => {
    // stdout carries the endpoint URL, not JSON.
    if (!line.startsWith("{")) return [];
    const entry = JSON.parse(line) as { event?: string; purchase_id?: string };
    return entry.event === "purchase_placed" && entry.purchase_id ? [entry.purchase_id] : [];
  });
}
