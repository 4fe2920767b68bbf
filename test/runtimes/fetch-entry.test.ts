/**
 * GiftGenius' fetch entry (`export default { fetch }`, the kit's `createFetchHandler`) under
 * Bun and Deno, both started from their npm packages, on one PostgreSQL: MCP in both protocol
 * revisions, a signed-in prepare → commit, the Host and Origin refusals, 413 for a large body,
 * and one key committed through a Node process (`serveHttp`) and a Bun process at once giving
 * one order.
 */
import { connect } from "node:net";
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import { spawnFetchEntry } from "../../scripts/spawn-fetch-entry.ts";
import { spawnServer, type ServerProcess } from "../../scripts/spawn-server.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { connectClient } from "../server/mcp-client.ts";
import { DATABASE_URL, describePostgres } from "../server/pg-env.ts";
import { createTestIssuer, type TestIssuer } from "../server/test-issuer.ts";

/** A search the served app (GiftGenius) answers with gifts. */
const GOOD_SEARCH = {
  interests: ["books", "coffee"],
  budget_min: 10,
  budget_max: 80,
  currency: "USD",
  relationship_type: "friend",
};

type Content = { ok?: boolean; replayed?: boolean; order?: { order_id: string } } & {
  draft?: { draft_id: string };
  error?: { code: string };
};
const content = (result: unknown) => (result as CallToolResult).structuredContent as Content;

/** A GET with any `Host` header (fetch may not set one). */
function statusFor(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on("error", reject)
      .end();
  });
}

const PRODUCTION = {
  NODE_ENV: "production",
  GIFTGENIUS_SECRET: "runtime-test-secret-7fQ2xLk9Pz4wR8",
  // The searches here are anonymous, and the anonymous caller's daily count lives in the shared
  // PostgreSQL for the whole UTC day, across runs: with the default 50, a machine that ran the
  // suites a few times that day has every search refused. The limit has its own test
  // (test/server/multi-process.test.ts).
  GIFTGENIUS_DAILY_LIMIT: "1000000",
};

describePostgres("the fetch entry under Bun and Deno", () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await createTestIssuer({ serve: true });
  });
  afterAll(() => issuer.close());

  describe.each(["bun", "deno"] as const)("%s", (runtime) => {
    let server: ServerProcess;
    const clients: Client[] = [];
    beforeAll(async () => {
      server = await spawnFetchEntry(runtime, { ...PRODUCTION, ...issuer.env(), DATABASE_URL });
    });
    afterAll(async () => {
      await Promise.all(clients.map((client) => client.close().catch(() => {})));
      await server?.stop();
    });
    const connect = async (era: "modern" | "legacy", token?: string) => {
      const client = await connectClient(server.url, token, era);
      clients.push(client);
      return client;
    };

    it.each(["modern", "legacy"] as const)(
      "answers MCP (%s era): tools and a search",
      async (era) => {
        const client = await connect(era);
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toEqual([
          "suggest_gifts",
          "prepare_order",
          "commit_order",
          "order_status",
          "start_checkout",
          "complete_checkout",
        ]);
        const found = content(
          await client.callTool({ name: "suggest_gifts", arguments: GOOD_SEARCH }),
        );
        expect(found).toMatchObject({ ok: true });
      },
    );

    it("commits a signed-in order once, and refuses it without a token", async () => {
      const anonymous = await connect("modern");
      // A 401 with the challenge: the SDK client throws it, carrying the tool's ToolError.
      await expect(
        anonymous.callTool({ name: "prepare_order", arguments: { gift_id: "gift-0001" } }),
      ).rejects.toThrow(/AUTH_REQUIRED/);
      const client = await connect(
        "modern",
        await issuer.mint({ sub: `${runtime}-${randomUUID()}` }),
      );
      const prepared = await client.callTool({
        name: "prepare_order",
        arguments: { gift_id: "gift-0001" },
      });
      const args = {
        draft_id: content(prepared).draft!.draft_id,
        idempotency_key: randomUUID(),
        confirmation: prepared._meta?.[CONFIRMATION_META],
      };
      const first = content(await client.callTool({ name: "commit_order", arguments: args }));
      const again = content(await client.callTool({ name: "commit_order", arguments: args }));
      expect(first).toMatchObject({ ok: true, replayed: false });
      expect(again).toMatchObject({ ok: true, replayed: true, order: first.order });
    });

    it("refuses a foreign Host and a foreign Origin with 403", async () => {
      const post = { "content-type": "application/json" };
      expect(await statusFor(server.url, { ...post, host: "evil.example" })).toBe(403);
      expect(await statusFor(server.url, { ...post, origin: "https://evil.example" })).toBe(403);
      expect(await statusFor(server.url, { ...post, origin: "http://localhost:5173" })).not.toBe(
        403,
      );
    });

    it("answers 413 for a body over 4 MiB, 400 for one nested too deep", async () => {
      const send = (body: string) =>
        fetch(server.url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body,
        });
      // Over a raw socket, headers only: a server that answers 413 and closes while body bytes
      // are still arriving (Deno's node:http does) resets the connection, and the client loses
      // the answer (fetch reports the write's EPIPE). The declared length alone must be refused.
      expect(await statusOfOversizedPost(server.url, 5 * 1024 * 1024)).toBe(413);
      const deep = await send("[".repeat(5_000) + "]".repeat(5_000));
      expect(deep.status).toBe(400);
      expect(await deep.json()).toMatchObject({ error: { code: -32700 } });
    });
  });

  it("gives one order for one key committed through a Node process and a Bun process at once", async () => {
    const env = { ...PRODUCTION, ...issuer.env(), DATABASE_URL };
    const [node, bun] = await Promise.all([
      // Production needs its public origin; the pictures' origin is not what this test checks.
      spawnServer({ PUBLIC_ORIGIN: "https://app.test", ...env }),
      spawnFetchEntry("bun", env),
    ]);
    try {
      const token = await issuer.mint({ sub: `cross-${randomUUID()}` });
      const clients = [await connectClient(node.url, token), await connectClient(bun.url, token)];
      const prepared = await clients[0]!.callTool({
        name: "prepare_order",
        arguments: { gift_id: "gift-0020" },
      });
      // The proof from one runtime's prepare is accepted by the other (one secret).
      const args = {
        draft_id: content(prepared).draft!.draft_id,
        idempotency_key: randomUUID(),
        confirmation: prepared._meta?.[CONFIRMATION_META],
      };
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          clients[i % 2]!.callTool({ name: "commit_order", arguments: args }).then(content),
        ),
      );
      expect(results.every((result) => result.ok)).toBe(true);
      expect(results.filter((result) => !result.replayed)).toHaveLength(1);
      expect(new Set(results.map((result) => result.order!.order_id)).size).toBe(1);
      await Promise.all(clients.map((client) => client.close()));
      // Both processes served commits: the replay really crossed runtimes.
      for (const server of [node, bun])
        expect(server.logs.some((line) => line.includes('"tool":"commit_order"'))).toBe(true);
    } finally {
      await Promise.all([node.stop(), bun.stop()]);
    }
  });
});

/** The status a server answers to the headers of a POST declaring `size` bytes, before any body. */
function statusOfOversizedPost(url: string, size: number): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = "";
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
          "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n" +
          `Content-Length: ${size}\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.on("data", (data: Buffer) => {
      received += data.toString("latin1");
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on("error", () => {});
    socket.on("close", () => reject(new Error(`no answer: ${received.slice(0, 80)}`)));
  });
}
