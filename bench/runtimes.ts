/**
 * commit_order latency of the same GiftGenius on one PostgreSQL, served four ways in one run:
 * Node through `serveHttp` (`main.ts`, the baseline), Node through the fetch handler
 * (`serve-fetch.ts`: the kit's node:http adapter over `fetch.ts`), Bun running `fetch.ts` and
 * Deno running `serve-fetch.ts`. Each is a process
 * of its own with bearer-token verification, committed to by sequential distinct keys in
 * rotating blocks, so load drift hits every runtime alike. Needs DATABASE_URL; Bun and Deno
 * come from their npm packages (`scripts/runtimes.ts`, installed on first use).
 */
import { randomUUID } from "node:crypto";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { spawnFetchEntry } from "../scripts/spawn-fetch-entry.ts";
import { spawnServer, type ServerProcess } from "../scripts/spawn-server.ts";
import { createTestIssuer } from "../test/server/test-issuer.ts";
import type { BenchRow } from "./measure.ts";
import { connect, draftId, percentile, round } from "./server.ts";

const TARGETS = ["Node serveHttp", "Node fetch handler", "Bun", "Deno"] as const;

export async function benchRuntimes(): Promise<BenchRow[]> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    return [
      {
        name: "runtimes: skipped",
        value: 'DATABASE_URL not set (eval "$(scripts/ci-postgres.sh)")',
      },
    ];
  const issuer = await createTestIssuer({ serve: true });
  const env = {
    ...issuer.env(),
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    GIFTGENIUS_SECRET: "bench-runtime-secret-7fQ2xLk9Pz4wR8",
  };
  const servers: ServerProcess[] = [];
  try {
    // One after another: starting four runtimes at once would measure nothing but the start.
    servers.push(await spawnServer(env));
    servers.push(await spawnFetchEntry("node", env));
    servers.push(await spawnFetchEntry("bun", env));
    servers.push(await spawnFetchEntry("deno", env));
    const targets = await Promise.all(
      servers.map(async (server) => {
        const client: Client = await connect(server.url, await issuer.mint({ sub: "bench" }));
        return { client, times: [] as number[] };
      }),
    );
    const commit = async (target: (typeof targets)[number], record: boolean) => {
      // One order per draft (single use): a draft of its own, prepared outside the timing.
      const draft = await draftId(target.client);
      const started = performance.now();
      const result = (await target.client.callTool({
        name: "commit_order",
        arguments: { ...draft, idempotency_key: randomUUID() },
      })) as CallToolResult;
      const elapsed = performance.now() - started;
      if (!(result.structuredContent as { ok?: boolean }).ok)
        throw new Error(`commit failed: ${JSON.stringify(result.structuredContent)}`);
      if (record) target.times.push(elapsed);
    };
    for (const target of targets) for (let i = 0; i < 30; i++) await commit(target, false);
    const BLOCK = 20;
    const calls = 200;
    for (let block = 0; block < calls / BLOCK; block++)
      for (let j = 0; j < targets.length; j++) {
        const target = targets[(block + j) % targets.length]!;
        for (let i = 0; i < BLOCK; i++) await commit(target, true);
      }
    await Promise.all(targets.map((target) => target.client.close()));
    const p50s = targets.map(({ times }) =>
      percentile(
        [...times].sort((a, b) => a - b),
        0.5,
      ),
    );
    const baseline = p50s[0]!;
    return TARGETS.flatMap((name, i) => [
      { name: `commit_order p50, PostgreSQL, ${name} (ms)`, value: round(p50s[i]!) },
      ...(i === 0
        ? []
        : [
            {
              name: `commit_order ${name} / Node serveHttp (p50 ratio)`,
              value: round(p50s[i]! / baseline),
            },
          ]),
    ]);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await issuer.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of await benchRuntimes()) console.log(`${row.name}: ${row.value}`);
}
