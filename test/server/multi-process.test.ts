/**
 * Exactly-once that survives processes, restarts and new connections: fixture-app processes
 * on one PostgreSQL, signed-in callers (tokens from a local issuer the processes discover the
 * production way), kill -9 in the middle of a burst, and a per-day limit (the kit's rate
 * limiter) shared by all.
 */
import { randomUUID } from "node:crypto";
import type { CallToolResult, Client } from "@modelcontextprotocol/client";
import type { ServerProcess } from "../../scripts/spawn-server.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { placedIn, spawnFixture } from "../fixture-app/spawn.ts";
import { connectClient } from "./mcp-client.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { createTestIssuer, type TestIssuer } from "./test-issuer.ts";

type Content = {
  ok: boolean;
  replayed?: boolean;
  purchase?: { purchase_id: string };
  error?: { code: string };
};

describePostgres("the fixture app across processes and restarts on one PostgreSQL", () => {
  let issuer: TestIssuer;
  let env: { [key: string]: string | undefined };
  const running: ServerProcess[] = [];
  const clients: Client[] = [];

  const start = async () => {
    const server = await spawnFixture(env, 60_000);
    running.push(server);
    return server;
  };
  const connect = async (server: ServerProcess, subject: string) => {
    const client = await connectClient(server.url, await issuer.mint({ sub: subject }));
    clients.push(client);
    return client;
  };
  /** The widget's proofs, by draft: every process shares the secret, so any one accepts them. */
  const proofs = new Map<string, unknown>();
  /** Calls as the widget does: a commit carries its draft's proof from the prepare result. */
  const call = async (client: Client, name: string, args: { [key: string]: unknown }) => {
    const proof = typeof args.draft_id === "string" ? proofs.get(args.draft_id) : undefined;
    const sent = name === "place_purchase" ? { ...args, confirmation: proof } : { ...args };
    const result = (await client.callTool({ name, arguments: sent })) as CallToolResult;
    const draft = (result.structuredContent as { draft?: { draft_id: string } } | undefined)?.draft;
    if (draft) proofs.set(draft.draft_id, result._meta?.[CONFIRMATION_META]);
    return result;
  };
  /**
   * The purchases every process ever started here logged as placed, killed ones included: a
   * rerun of one effect (a takeover) places the same id again, another effect a new one.
   */
  const placedEverywhere = () => new Set(running.flatMap(placedIn));
  const draftOf = async (client: Client, productId: string) =>
    (
      (await call(client, "prepare_purchase", { product_id: productId })).structuredContent as {
        draft: { draft_id: string };
      }
    ).draft.draft_id;

  beforeAll(async () => {
    issuer = await createTestIssuer({ serve: true });
    env = {
      ...issuer.env(),
      DATABASE_URL,
      FIXTURE_PREPARE_LIMIT: "3",
      FIXTURE_PLACE_DELAY_MS: "300",
      IDEMPOTENCY_LEASE_SECONDS: "2",
      IDEMPOTENCY_WAIT_MS: "4000",
    };
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await Promise.all(running.map((server) => server.stop()));
    await issuer.close();
  });

  it("50 concurrent commits of one key over two processes, one killed -9 mid-burst → one purchase", async () => {
    const [a, b] = await Promise.all([start(), start()]);
    const subject = `burst-${randomUUID()}`;
    const [viaA, viaB] = await Promise.all([connect(a!, subject), connect(b!, subject)]);
    const before = placedEverywhere().size;
    const draftId = await draftOf(viaB, "p-lamp");
    const key = `burst-${randomUUID()}`;
    const commit = (client: Client) =>
      call(client, "place_purchase", { draft_id: draftId, idempotency_key: key }).then(
        (result) => result.structuredContent as Content,
        () => undefined, // the killed process drops its calls: a lost answer
      );
    const burst = Array.from({ length: 50 }, (_, i) => commit(i % 2 === 0 ? viaA : viaB));
    await new Promise((resolve) => setTimeout(resolve, 150));
    a!.child.kill("SIGKILL");
    const answered = (await Promise.all(burst)).filter((c) => c !== undefined);
    // Retry the lost ones the way a host does: same key, until the key is settled.
    let final: Content | undefined;
    for (let attempt = 0; attempt < 20 && !final?.ok; attempt += 1) {
      final = await commit(viaB);
      if (!final?.ok) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(final).toMatchObject({ ok: true });
    const purchases = new Set(
      [...answered, final!].filter((c) => c.ok).map((c) => c.purchase!.purchase_id),
    );
    expect(purchases.size).toBe(1);
    for (const content of answered)
      if (!content.ok) expect(["IN_PROGRESS"]).toContain(content.error?.code);
    expect(placedEverywhere().size).toBe(before + 1);
    expect(placedEverywhere().has([...purchases][0]!)).toBe(true);
  }, 120_000);

  it("a person's key from a new connection after a restart → the same purchase, placed once", async () => {
    const first = await start();
    const subject = `restart-${randomUUID()}`;
    const client = await connect(first, subject);
    const draftId = await draftOf(client, "p-mug");
    const key = `restart-${randomUUID()}`;
    const placed = (
      await call(client, "place_purchase", { draft_id: draftId, idempotency_key: key })
    ).structuredContent as Content;
    expect(placed).toMatchObject({ ok: true, replayed: false });
    first.child.kill("SIGKILL");
    const second = await start();
    const again = (
      await call(await connect(second, subject), "place_purchase", {
        draft_id: draftId,
        idempotency_key: key,
      })
    ).structuredContent as Content;
    expect(again).toMatchObject({ ok: true, replayed: true });
    expect(again.purchase?.purchase_id).toBe(placed.purchase?.purchase_id);
    // The new process replayed the record: it placed nothing.
    expect(placedIn(second)).toEqual([]);
  }, 120_000);

  it("the per-day draft limit holds across processes and connections", async () => {
    const [a, b] = running.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
    expect(a && b).toBeTruthy();
    const subject = `limit-${randomUUID()}`;
    const results: Content[] = [];
    for (const server of [a!, b!, a!, b!]) {
      // A new connection per call: nothing per connection or per process may reset the count.
      const result = await call(await connect(server, subject), "prepare_purchase", {
        product_id: "p-mug",
      });
      results.push(result.structuredContent as Content);
    }
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(results[3]?.error?.code).toBe("RATE_LIMITED");
    // Another person still has their own three.
    const other = await call(await connect(a!, `other-${randomUUID()}`), "prepare_purchase", {
      product_id: "p-mug",
    });
    expect((other.structuredContent as Content).ok).toBe(true);
  }, 120_000);
});
