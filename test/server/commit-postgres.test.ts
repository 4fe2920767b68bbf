import { randomUUID } from "node:crypto";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { spawnServer, type ServerProcess } from "../../scripts/spawn-server.ts";
import { CONFIRMATION_META } from "../../src/server/index.ts";
import { connectClient } from "../giftgenius/harness.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { createTestIssuer, type TestIssuer } from "./test-issuer.ts";

describePostgres("commit_order with two server processes on one PostgreSQL", () => {
  const servers: ServerProcess[] = [];
  const clients: Client[] = [];
  let issuer: TestIssuer;
  const subject = `user-${randomUUID()}`;
  beforeAll(async () => {
    issuer = await createTestIssuer({ serve: true });
    const env = {
      ...issuer.env(),
      DATABASE_URL,
      GIFTGENIUS_SECRET: "shared-test-secret",
      GIFTGENIUS_FAULTS: "payments_latency_ms=100",
    };
    servers.push(...(await Promise.all([spawnServer(env), spawnServer(env)])));
    for (const server of servers)
      clients.push(await connectClient(server.url, await issuer.mint({ sub: subject })));
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await Promise.all(servers.map((server) => server.stop()));
    await issuer.close();
  });

  it("one key from one signed-in person through both processes → still one order", async () => {
    const draft = (await clients[0]!.callTool({
      name: "prepare_order",
      arguments: { gift_id: "gift-0020" },
    })) as CallToolResult;
    const draftId = (draft.structuredContent as { draft: { draft_id: string } }).draft.draft_id;
    const key = `pg-${randomUUID()}`;
    const results = (await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        clients[i % 2]!.callTool({
          name: "commit_order",
          // The widget's proof from prepare_order: either process accepts it (one secret).
          arguments: {
            draft_id: draftId,
            idempotency_key: key,
            confirmation: draft._meta?.[CONFIRMATION_META],
          },
        }),
      ),
    )) as CallToolResult[];
    const contents = results.map(
      (r) => r.structuredContent as { ok: boolean; replayed: boolean; order: { order_id: string } },
    );
    expect(contents.every((c) => c.ok)).toBe(true);
    expect(contents.filter((c) => !c.replayed)).toHaveLength(1);
    expect(new Set(contents.map((c) => c.order.order_id)).size).toBe(1);
    // Both processes answered: the replays really crossed processes.
    const answered = servers.map(
      (server) =>
        server.logs.filter(
          (line) => line.includes('"tool":"commit_order"') && line.includes('"event":"tool_call"'),
        ).length,
    );
    expect(answered.every((count) => count > 0)).toBe(true);
  });
});
