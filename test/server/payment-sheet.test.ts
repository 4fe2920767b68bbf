/**
 * The payment sheet's `complete_checkout`, exactly once per `checkout_session_id`: repeats
 * (concurrent, sequential, the same or a new token) charge once and replay the order; a
 * declined or 3-D Secure token answers the sheet's message with no order and lets another
 * token pay; a lost answer after the charge ends in one order or one refund, never both,
 * never neither; a session the server did not mint for this caller is refused before
 * anything is claimed. On SQLite, and the repeats on PostgreSQL too.
 */
import type { CompleteCheckoutAnswer } from "../../src/server/checkout/sheet-types.ts";
import { testSheet } from "./test-sheet.ts";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  type IdempotencyStore,
  localDatabase,
} from "../../src/server/index.ts";
import { type CheckoutDraft } from "../../src/server/checkout/index.ts";
import { reconcileInDoubt } from "../../src/server/idempotency/index.ts";
import { fakeSheetProvider } from "./fake-sheet-provider.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const ORDERS_SCHEMA = [
  "CREATE TABLE IF NOT EXISTS sheet_test_orders (order_id TEXT PRIMARY KEY, session_id TEXT NOT NULL)",
];
const SECRET = { secret: "test-secret-for-the-payment-sheet-0123456789" };
const START = 2_000_000_000_000;

function draft(overrides: Partial<CheckoutDraft> = {}): CheckoutDraft {
  return {
    draftId: `d_${randomUUID()}`,
    currency: "usd",
    lines: [{ itemId: "mug", name: "Mug", quantity: 2, unitAmount: 1250, tax: 200 }],
    fulfillment: 500,
    expiresAt: START + 15 * 60_000,
    ...overrides,
  };
}

function harness(store: IdempotencyStore, provider = fakeSheetProvider()) {
  const db = localDatabase(store, ORDERS_SCHEMA);
  const sessions = new Set<string>();
  let clock = START;
  const sheet = testSheet({
    store,
    provider,
    paymentProvider: {
      provider: "stripe",
      merchant_id: "acct_test",
      supported_payment_methods: [{ type: "card", allowed_card_brands: ["visa"] }],
    },
    paymentMode: "test",
    links: [{ type: "terms_of_use", url: "https://shop.example/terms" }],
    orders: {
      permalinkUrl: (id) => `https://shop.example/orders/${id}`,
      // In the transaction that completes the payment's record: rolled back with it.
      recordOrder: async (tx, order) => {
        await tx.query(
          "INSERT INTO sheet_test_orders (order_id, session_id) VALUES (:order, :session)",
          { order: order.orderId, session: order.checkoutSessionId },
        );
      },
    },
    secret: SECRET,
    timing: { leaseMs: 2_000, waitMs: 3_000 },
    now: () => clock,
  });
  const caller = `user:${randomUUID()}`;
  const pay = (sessionId: string, token: string, who = caller) =>
    sheet.complete(
      {
        checkout_session_id: sessionId,
        buyer: { name: "Ada", email: "ada@example.com", phone_number: null },
        payment_data: { token, provider: "stripe", billing_address: null },
      },
      { caller: who },
    );
  const minting = {
    ...sheet,
    session: (d: CheckoutDraft, c: { caller: string }) => {
      const made = sheet.session(d, c);
      sessions.add(made.id);
      return made;
    },
  };
  return {
    sheet: minting,
    provider,
    /** The orders written for the sessions this harness minted. */
    async orders(): Promise<string[]> {
      await db.ready();
      const { rows } = await db.query<{ order_id: string; session_id: string }>(
        "SELECT order_id, session_id FROM sheet_test_orders",
      );
      return rows.filter((row) => sessions.has(row.session_id)).map((row) => row.order_id);
    },
    caller,
    pay,
    advance: (ms: number) => (clock += ms),
    now: () => clock,
  };
}

const orderOf = (answer: CompleteCheckoutAnswer) =>
  answer.kind === "completed" ? answer.structuredContent.order.id : undefined;

/** A store opened for the suite, with the orders table made, and closed after it. */
function suiteStore(open: () => IdempotencyStore): () => IdempotencyStore {
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = open();
    await store.init();
    await localDatabase(store, ORDERS_SCHEMA).ready();
  });
  afterAll(() => store.close());
  return () => store;
}

/** Exactly once, under repeats: the part run on every store. */
function repeatSuite(open: () => IdempotencyStore) {
  const store = suiteStore(open);

  it("charges once for two concurrent calls with the same token; the other replays the order", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const token = h.provider.token();
    const release = h.provider.hold();
    const both = Promise.all([h.pay(session.id, token), h.pay(session.id, token)]);
    setTimeout(release, 50);
    const [a, b] = await both;
    expect(h.provider.charges).toHaveLength(1);
    expect(await h.orders()).toHaveLength(1);
    expect(orderOf(a)).toBeDefined();
    expect(orderOf(a)).toBe(orderOf(b));
    expect([a, b].map((x) => x.kind === "completed" && x.replayed).sort()).toEqual([false, true]);
  });

  it("charges once for two concurrent calls with different tokens", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const release = h.provider.hold();
    const both = Promise.all([
      h.pay(session.id, h.provider.token()),
      h.pay(session.id, h.provider.token()),
    ]);
    setTimeout(release, 50);
    const [a, b] = await both;
    expect(h.provider.charges).toHaveLength(1);
    expect(await h.orders()).toHaveLength(1);
    expect(orderOf(a)).toBe(orderOf(b));
  });

  it("charges once for two sequential calls, with the same and then a new token", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const token = h.provider.token();
    const first = await h.pay(session.id, token);
    const same = await h.pay(session.id, token);
    const other = await h.pay(session.id, h.provider.token());
    expect(h.provider.charges).toHaveLength(1);
    expect(h.provider.charges[0]!.amount).toBe(2 * 1250 + 200 + 500);
    expect(await h.orders()).toHaveLength(1);
    expect(first).toMatchObject({
      kind: "completed",
      replayed: false,
      structuredContent: {
        id: session.id,
        status: "completed",
        currency: "USD",
        order: { checkout_session_id: session.id },
      },
    });
    for (const repeat of [same, other]) {
      expect(repeat).toMatchObject({ kind: "completed", replayed: true });
      expect(orderOf(repeat)).toBe(orderOf(first));
    }
  });

  it("charges once when two processes (two connections) take the same session with different tokens", async () => {
    const other = open();
    await other.init();
    try {
      const a = harness(store());
      const b = harness(other, a.provider);
      const session = a.sheet.session(draft(), a);
      const release = a.provider.hold();
      const both = Promise.all([
        a.pay(session.id, a.provider.token()),
        b.pay(session.id, a.provider.token(), a.caller),
      ]);
      setTimeout(release, 50);
      const [first, second] = await both;
      expect(a.provider.charges).toHaveLength(1);
      expect(await a.orders()).toHaveLength(1);
      expect(orderOf(first)).toBeDefined();
      expect(orderOf(first)).toBe(orderOf(second));
    } finally {
      await other.close();
    }
  });

  it("fences an attempt that outlived its lease: the takeover charges the captured token under the same key, once", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const token = h.provider.token();
    const release = h.provider.hold();
    const stalled = h.pay(session.id, token);
    // Waits for the provider to hold the call (a fixed sleep lost this race on a loaded machine).
    await expect.poll(() => h.provider.calls).toBe(1);
    // The first attempt hangs in the provider past its lease; the sheet retries with a new token.
    h.advance(5_000);
    const retry = h.pay(session.id, h.provider.token());
    await expect.poll(() => h.provider.calls).toBe(2);
    release();
    const [first, second] = await Promise.all([stalled, retry]);
    expect(h.provider.charges).toHaveLength(1);
    expect(h.provider.charges[0]!.token).toBe(token);
    expect(await h.orders()).toHaveLength(1);
    expect(orderOf(second)).toBeDefined();
    // The stalled attempt answers the order — or, when its completion met the takeover's in
    // the same instant (PostgreSQL's unique index on the order), a retryable CONFLICT that
    // says money may have moved; its retry replays the order. Never a second order.
    if (orderOf(first) !== orderOf(second))
      expect(first).toMatchObject({
        kind: "failed",
        error: { code: "CONFLICT", retryable: true, changes: "unknown" },
      });
  });
}

describe("payment sheet on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "sheet-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const open = () => createSqliteStore(join(dir, "idem.sqlite"));
  repeatSuite(open);

  const store = suiteStore(open);

  it("answers a declined token with the sheet's message and no order; another token then pays once", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const declined = h.provider.token("decline");
    const answer = await h.pay(session.id, declined);
    expect(answer).toEqual({
      kind: "refused",
      structuredContent: {
        id: session.id,
        status: "ready_for_payment",
        currency: "USD",
        messages: [
          {
            type: "error",
            code: "payment_declined",
            content_type: "plain",
            content: expect.any(String),
          },
        ],
      },
    });
    expect(await h.orders()).toHaveLength(0);
    expect(h.provider.charges).toHaveLength(0);
    // ChatGPT repeats the declined call: the same refusal, no new charge attempt.
    const calls = h.provider.calls;
    expect((await h.pay(session.id, declined)).kind).toBe("refused");
    expect(h.provider.calls).toBe(calls);
    // The person pays again with another card.
    const paid = await h.pay(session.id, h.provider.token());
    expect(paid).toMatchObject({ kind: "completed", replayed: false });
    expect(await h.pay(session.id, h.provider.token())).toMatchObject({
      kind: "completed",
      replayed: true,
    });
    expect(h.provider.charges).toHaveLength(1);
    expect(await h.orders()).toHaveLength(1);
  });

  it("answers requires_3ds the way the sheet shows it", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const answer = await h.pay(session.id, h.provider.token("3ds"));
    expect(answer).toMatchObject({
      kind: "refused",
      structuredContent: { messages: [{ type: "error", code: "requires_3ds" }] },
    });
    expect(await h.orders()).toHaveLength(0);
  });

  it("declines a token capped below the session's total: the amount is the server's", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const answer = await h.pay(session.id, h.provider.token("ok", 100));
    expect(answer.kind).toBe("refused");
    expect(h.provider.charges).toHaveLength(0);
  });

  it("refuses a session it did not mint for this caller, before anything is claimed", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const token = h.provider.token();
    // Another person's session.
    const other = await h.pay(session.id, token, `user:${randomUUID()}`);
    // The amount in the id altered (a cheaper total), the signature kept.
    const [payload, signature] = session.id.slice(4).split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as unknown[];
    claims[2] = 1;
    const cheaper = `cs1_${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    const forged = await h.pay(cheaper, token);
    // Made up by someone who has no secret.
    const madeUp = await h.pay("cs1_e30.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", token);
    // Minted by another app (another secret).
    const elsewhere = testSheet({
      store: store(),
      provider: h.provider,
      paymentProvider: { provider: "stripe", merchant_id: "m", supported_payment_methods: [] },
      paymentMode: "test",
      links: [],
      orders: { permalinkUrl: (id) => `https://x.example/${id}` },
      secret: { secret: "another-apps-secret-0123456789abcdef" },
    }).session(draft(), h);
    const foreign = await h.pay(elsewhere.id, token);
    for (const answer of [other, forged, madeUp, foreign])
      expect(answer).toMatchObject({
        kind: "failed",
        error: { code: "CHECKOUT_SESSION_INVALID", retryable: false, changes: "none" },
      });
    expect(h.provider.calls).toBe(0);
    // The token was not used: the real session still pays with it.
    expect((await h.pay(session.id, token)).kind).toBe("completed");
  });

  it("refuses untrusted arguments without crashing, naming the fields and echoing nothing", async () => {
    const h = harness(store());
    for (const args of [
      null,
      "complete",
      [],
      { checkout_session_id: 7 },
      { checkout_session_id: "cs1_x", payment_data: { token: "", provider: "stripe" } },
      {
        checkout_session_id: "<script>alert(1)</script>",
        payment_data: { token: "t", provider: "stripe" },
      },
      { checkout_session_id: "x".repeat(100_000), payment_data: { token: "t", provider: "s" } },
    ]) {
      const answer = await h.sheet.complete(args, h);
      expect(answer).toMatchObject({
        kind: "failed",
        error: { code: "VALIDATION_FAILED", changes: "none" },
      });
      expect(JSON.stringify(answer)).not.toContain("<script>");
      expect(JSON.stringify(answer).length).toBeLessThan(2_000);
    }
    const session = h.sheet.session(draft(), h);
    const wrong = await h.sheet.complete(
      { checkout_session_id: session.id, payment_data: { token: "t", provider: "adyen" } },
      h,
    );
    expect(wrong).toMatchObject({ kind: "failed", error: { code: "VALIDATION_FAILED" } });
    expect(h.provider.calls).toBe(0);
  });

  it("refuses an expired session with nothing charged, and still replays a session paid in time", async () => {
    const h = harness(store());
    const late = h.sheet.session(draft(), h);
    const paid = h.sheet.session(draft(), h);
    const first = await h.pay(paid.id, h.provider.token());
    h.advance(16 * 60_000);
    expect(await h.pay(late.id, h.provider.token())).toMatchObject({
      kind: "failed",
      error: { code: "CHECKOUT_SESSION_EXPIRED", changes: "none" },
    });
    expect(await h.pay(paid.id, h.provider.token())).toMatchObject({
      kind: "completed",
      replayed: true,
    });
    expect(orderOf(first)).toBeDefined();
    expect(h.provider.charges).toHaveLength(1);
  });

  it("answers a store outage without crashing, saying money may have moved, and names no key", async () => {
    const down = open();
    await down.init();
    const h = harness(down);
    const session = h.sheet.session(draft(), h);
    await down.close();
    const answer = await h.pay(session.id, h.provider.token());
    expect(answer).toMatchObject({
      kind: "failed",
      error: { code: "DATABASE_UNAVAILABLE", retryable: true, changes: "unknown" },
    });
    expect(JSON.stringify(answer)).not.toContain("idempotency_key");
    expect(h.provider.calls).toBe(0);
  });

  it("answers a 503 as nothing charged; the retry pays once", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const token = h.provider.token("503");
    expect(await h.pay(session.id, token)).toMatchObject({
      kind: "failed",
      error: { code: "UPSTREAM_UNAVAILABLE", retryable: true, changes: "none" },
    });
    expect((await h.pay(session.id, token)).kind).toBe("completed");
    expect(h.provider.charges).toHaveLength(1);
  });

  it("finishes a lost answer after the charge with the retry, whatever its token: one charge, one order", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    const lost = await h.pay(session.id, h.provider.token("timeout_after_charge"));
    expect(lost).toMatchObject({
      kind: "failed",
      error: { code: "UPSTREAM_TIMEOUT", retryable: true, changes: "unknown" },
    });
    expect(await h.orders()).toHaveLength(0);
    // The sheet retries with a new token: the captured one is finished under its own key.
    const newToken = h.provider.token();
    const retried = await h.pay(session.id, newToken);
    expect(retried.kind).toBe("completed");
    expect(h.provider.charges).toHaveLength(1);
    expect(await h.orders()).toHaveLength(1);
    expect(h.provider.charges[0]!.token).not.toBe(newToken);
  });

  it("finishes a lost answer nobody retries with the reconciler: one order, and the late call replays it", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    await h.pay(session.id, h.provider.token("timeout_after_charge"));
    h.advance(120_000);
    const counts = await reconcileInDoubt({
      store: store(),
      now: h.now,
      graceMs: 60_000,
      // The app's hooks as it passes them: the sheet's records first, the others to its writes.
      ...h.sheet.reconciler({
        complete: () => Promise.reject(new Error("not the sheet's record")),
      }),
    });
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    expect(await h.orders()).toHaveLength(1);
    expect(h.provider.charges).toHaveLength(1);
    expect(h.provider.refunds).toHaveLength(0);
    const late = await h.pay(session.id, h.provider.token());
    expect(late).toMatchObject({ kind: "completed", replayed: true });
    expect(orderOf(late)).toBe((await h.orders())[0]);
  });

  it("refunds a lost answer older than allowed: one refund, no order, and the late call is told", async () => {
    const h = harness(store());
    const session = h.sheet.session(draft(), h);
    await h.pay(session.id, h.provider.token("timeout_after_charge"));
    h.advance(3_600_000);
    await reconcileInDoubt({
      store: store(),
      now: h.now,
      graceMs: 60_000,
      compensateAfterMs: 600_000,
      // The app's hooks as it passes them: the sheet's records first, the others to its writes.
      ...h.sheet.reconciler({
        complete: () => Promise.reject(new Error("not the sheet's record")),
      }),
    });
    expect(h.provider.charges).toHaveLength(1);
    expect(h.provider.refunds).toHaveLength(1);
    expect(await h.orders()).toHaveLength(0);
    expect(await h.pay(session.id, h.provider.token())).toMatchObject({
      kind: "failed",
      error: { code: "CHECKOUT_REFUNDED", changes: "none" },
    });
    expect(h.provider.charges).toHaveLength(1);
  });
});

describePostgres("payment sheet on PostgreSQL", () => {
  repeatSuite(() => createPostgresStore(DATABASE_URL!));
});
