/**
 * The kit's idempotency records on PostgreSQL hold one key to one effect across processes:
 * two fixture-app processes, one signed-in person, 40 overlapping commits of one key.
 */
import { randomUUID } from "node:crypto";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import type { ServerProcess } from "../../scripts/spawn-server.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { placedIn, spawnFixture } from "../fixture-app/spawn.ts";
import { connectClient } from "./mcp-client.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { createTestIssuer, type TestIssuer } from "./test-issuer.ts";

describePostgres("a commit with two server processes on one PostgreSQL", () => {
  const servers: ServerProcess[] = [];
  const clients: Client[] = [];
  let issuer: TestIssuer;
  const subject = `user-${randomUUID()}`;
  beforeAll(async () => {
    issuer = await createTestIssuer({ serve: true });
    const env = {
      ...issuer.env(),
      DATABASE_URL,
      // A slow effect: the calls through both processes overlap for real.
      FIXTURE_PLACE_DELAY_MS: "100",
    };
    servers.push(...(await Promise.all([spawnFixture(env), spawnFixture(env)])));
    for (const server of servers)
      clients.push(await connectClient(server.url, await issuer.mint({ sub: subject })));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await Promise.all(servers.map((server) => server.stop()));
    await issuer.close();
  });

  it("one key from one signed-in person through both processes → still one purchase", async () => {
    const draft = (await clients[0]!.callTool({
      name: "prepare_purchase",
      arguments: { product_id: "p-lamp" },
    })) as CallToolResult;
    const draftId = (draft.structuredContent as { draft: { draft_id: string } }).draft.draft_id;
    const key = `pg-${randomUUID()}`;
    const results = (await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        clients[i % 2]!.callTool({
          name: "place_purchase",
          // The widget's proof from prepare_purchase: either process accepts it (one secret).
          arguments: {
            draft_id: draftId,
            idempotency_key: key,
            confirmation: draft._meta?.[CONFIRMATION_META],
          },
        }),
      ),
    )) as CallToolResult[];
    const contents = results.map(
      (r) =>
        r.structuredContent as {
          ok: boolean;
          replayed: boolean;
          purchase: { purchase_id: string };
        },
    );
    expect(contents.every((c) => c.ok)).toBe(true);
    expect(contents.filter((c) => !c.replayed)).toHaveLength(1);
    expect(new Set(contents.map((c) => c.purchase.purchase_id)).size).toBe(1);
    // The effect ran once, in one of the two processes.
    expect(servers.flatMap(placedIn)).toEqual([contents[0]!.purchase.purchase_id]);
    // Both processes answered: the replays really crossed processes.
    const answered = servers.map(
      (server) =>
        server.logs.filter(
          (line) =>
            line.includes('"tool":"place_purchase"') && line.includes('"event":"tool_call"'),
        ).length,
    );
    expect(answered.every((count) => count > 0)).toBe(true);
  });
});
