/**
 * `peekCommit`: what became of the commit of one draft, read by the draft id alone (the model
 * never holds the widget's idempotency key) — nothing on record, running, in doubt, done or
 * refused, or paid on the payment sheet — without taking or finishing anything, on SQLite and
 * PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  peekCommit,
  runCommit,
  type Attempt,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { fakeSheetProvider } from "./fake-sheet-provider.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";
import { testSheet } from "./test-sheet.ts";

type Placed = { order: string } | { refused: string };

function commitStatusSuite(open: () => IdempotencyStore): void {
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = open();
    await store.init();
  });
  afterAll(() => store.close());

  const commit = (
    caller: string,
    draft_id: string,
    key: string,
    execute: () => Promise<Attempt<Placed>>,
  ) =>
    runCommit<Placed>({
      store,
      args: { draft_id, idempotency_key: key },
      context: { caller },
      timing: { waitMs: 0 },
      execute,
    });

  it("nothing on record before a commit, the stored answer after it whatever the key, another caller's never", async () => {
    const caller = `user:${randomUUID()}`;
    expect(await peekCommit(store, "drf_a", { caller })).toBeUndefined();
    await commit(caller, "drf_a", "key-00000001", async () => ({
      final: true,
      value: { order: "ord_1" },
    }));
    const read = { state: "replayed", value: { order: "ord_1" }, inDoubt: false };
    expect(await peekCommit(store, "drf_a", { caller })).toEqual(read);
    // Reading takes nothing: it reads the same again, and another draft is still free.
    expect(await peekCommit(store, "drf_a", { caller })).toEqual(read);
    expect(await peekCommit(store, "drf_b", { caller })).toBeUndefined();
    expect(await peekCommit(store, "drf_a", { caller: `user:${randomUUID()}` })).toBeUndefined();
  });

  it("a commit still running is in_progress, then its answer", async () => {
    const caller = `user:${randomUUID()}`;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const running = commit(caller, "drf_run", "key-00000002", async () => {
      await gate;
      return { final: true, value: { order: "ord_2" } };
    });
    await expect
      .poll(() => peekCommit(store, "drf_run", { caller }))
      .toMatchObject({
        state: "in_progress",
      });
    release();
    await running;
    expect(await peekCommit(store, "drf_run", { caller })).toMatchObject({
      state: "replayed",
      value: { order: "ord_2" },
    });
  });

  it("in doubt (captured, then an unknown outcome) is in_progress, never nothing", async () => {
    const caller = `user:${randomUUID()}`;
    await runCommit<Placed, { total: number }>({
      store,
      args: { draft_id: "drf_doubt", idempotency_key: "key-00000003" },
      context: { caller },
      timing: { waitMs: 0 },
      async execute({ capture }) {
        await capture({ total: 5 });
        return { final: false, value: { refused: "timeout" }, inDoubt: true };
      },
    });
    expect(await peekCommit(store, "drf_doubt", { caller })).toMatchObject({
      state: "in_progress",
    });
  });

  it("a refusal is the stored refusal; a retryable failure before any capture leaves nothing on record", async () => {
    const caller = `user:${randomUUID()}`;
    await commit(caller, "drf_no", "key-00000004", async () => ({
      final: true,
      value: { refused: "expired" },
    }));
    expect(await peekCommit(store, "drf_no", { caller })).toMatchObject({
      state: "replayed",
      value: { refused: "expired" },
    });
    await commit(caller, "drf_retry", "key-00000005", async () => ({
      final: false,
      value: { refused: "busy" },
    }));
    // Retryable and nothing captured: nothing can have happened, and nothing runs now.
    expect(await peekCommit(store, "drf_retry", { caller })).toBeUndefined();
  });

  it("a draft paid on the payment sheet reads as the sheet's payment, never as the gate's refusal", async () => {
    const caller = `user:${randomUUID()}`;
    const provider = fakeSheetProvider();
    const sheet = testSheet({
      store,
      provider,
      paymentProvider: { provider: "stripe", merchant_id: "m", supported_payment_methods: [] },
      paymentMode: "test",
      links: [],
      orders: { permalinkUrl: (id) => `https://shop.example/orders/${id}` },
      secret: { secret: "test-secret-for-the-payment-sheet-0123456789" },
      timing: { waitMs: 0 },
    });
    const draftId = `drf_${randomUUID()}`;
    const session = sheet.session(
      {
        draftId,
        currency: "usd",
        lines: [{ itemId: "mug", name: "Mug", quantity: 1, unitAmount: 1250 }],
        expiresAt: Date.now() + 15 * 60_000,
      },
      { caller },
    );
    const pay = (token: string) =>
      sheet.complete(
        {
          checkout_session_id: session.id,
          buyer: null,
          payment_data: { token, provider: "stripe", billing_address: null },
        },
        { caller },
      );
    const peek = () => peekCommit(store, draftId, { caller });
    await pay(provider.token("decline"));
    expect(await peek()).toEqual({
      state: "payment_sheet",
      payment: { state: "unpaid", last_refusal: "payment_declined" },
    });
    // The charge landed, its answer was lost: in doubt until a retry finishes it.
    await pay(provider.token("timeout_after_charge"));
    expect(await peek()).toEqual({
      state: "payment_sheet",
      payment: { state: "in_progress", retryAfterSeconds: 2 },
    });
    const paid = await pay(provider.token("ok"));
    if (paid.kind !== "completed") throw new Error(JSON.stringify(paid));
    expect(await peek()).toEqual({
      state: "payment_sheet",
      payment: {
        state: "paid",
        order: paid.structuredContent.order,
        amount: 1250,
        currency: "USD",
        inDoubt: true,
      },
    });
    expect(await peekCommit(store, draftId, { caller: `user:${randomUUID()}` })).toBeUndefined();
  });
}

describe("peekCommit on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-commit-status-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  commitStatusSuite(() => createSqliteStore(join(dir, "commit-status.sqlite")));
});

describePostgres("peekCommit on PostgreSQL", () => {
  commitStatusSuite(() =>
    createPostgresStore({
      connectionString: DATABASE_URL!,
      table: "idempotency_commit_status_test",
    }),
  );
});
