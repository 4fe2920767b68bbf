/**
 * Starts test/fixture-app/main.ts as a child process on an ephemeral port (scripts/spawn-server.ts,
 * which starts GiftGenius by default) and resolves once it logs where it listens.
 */
import { spawnServer, type ServerProcess } from "../../scripts/spawn-server.ts";

/** Spawns the fixture server with `env` added to the current environment. */
export function spawnFixture(
  env: { [key: string]: string | undefined },
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  return spawnServer(env, timeoutMs, "test/fixture-app/main.ts");
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
