/**
 * GiftGenius in production on one PostgreSQL, once per way it is served: Node (`serveHttp`,
 * `main.ts`), Bun (`fetch.ts`), Deno and Node through `serve-fetch.ts`. For the suites that
 * compare what each runtime does with the same bytes on a socket.
 */
import { spawnFetchEntry } from "../../scripts/spawn-fetch-entry.ts";
import { spawnServer, type ServerProcess } from "../../scripts/spawn-server.ts";
import { DATABASE_URL } from "../server/pg-env.ts";
import type { TestIssuer } from "../server/test-issuer.ts";

/** The servers by name, started one after another (four starts at once time out on 2 cores). */
export async function startEveryRuntime(
  issuer: TestIssuer,
  extraEnv: { [key: string]: string } = {},
): Promise<Array<[string, ServerProcess]>> {
  const env = {
    NODE_ENV: "production",
    GIFTGENIUS_SECRET: "runtime-test-secret-7fQ2xLk9Pz4wR8",
    ...extraEnv,
    ...issuer.env(),
    DATABASE_URL,
  };
  return [
    ["node", await spawnServer({ PUBLIC_ORIGIN: "https://app.test", ...env })],
    ["bun", await spawnFetchEntry("bun", env)],
    ["deno", await spawnFetchEntry("deno", env)],
    ["node-fetch", await spawnFetchEntry("node", env)],
  ];
}

/** A POST to `/mcp` that announces 100 body bytes, sends 6 and then nothing. */
export function stalledUpload(host: string): string {
  return [
    "POST /mcp HTTP/1.1",
    `Host: ${host}`,
    "Content-Type: application/json",
    "Content-Length: 100",
    "",
    '{"json',
  ].join("\r\n");
}
