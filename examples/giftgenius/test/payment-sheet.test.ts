/**
 * GiftGenius pays on ChatGPT's payment sheet: `start_checkout` (the widget, with the person's
 * confirmation) and `complete_checkout` (ChatGPT, with the sheet's single-use token), both
 * registered by the kit from one declaration. Repeats charge once and place one order; a
 * declined card shows the sheet's message and charges nothing; the model cannot complete a
 * checkout on its own; a payment whose answer was lost is finished by the reconciler; and a
 * draft paid on the sheet cannot be paid again by `commit_order`.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client, CallToolResult } from "@modelcontextprotocol/client";
import { setFaults } from "../server/faults.ts";
import { testToken, type TestTokenBehaviour } from "../server/sheet-payments.ts";
// The operator's `mcp-widget-kit reconcile` run in process, on the test's clock (docs/architecture.md).
// eslint-disable-next-line no-restricted-imports -- the CLI's run, given the test's clock
import { runReconcile } from "../../../src/cli/reconcile.ts";
import { call, draftFor, sc, startHarness, type Harness } from "./harness.ts";
import { GOOD_SEARCH } from "./searches.ts";

let h: Harness;
let clock = Date.now();
beforeAll(async () => {
  h = await startHarness({ dailyLimit: 1_000 }, { now: () => clock, reconciler: "manual" });
});
afterAll(() => h.close());
afterEach(() => void setFaults(""));

/** The session of a fresh draft, started as the widget does (with the person's proof). */
async function session(client: Client) {
  const draft = await draftFor(client, "gift-0008", 2);
  const started = await call(client, "start_checkout", { draft_id: draft });
  const checkout = sc(started).checkout_session as
    { id: string; totals: { type: string; amount: number }[] } | undefined;
  if (!checkout) throw new Error(JSON.stringify(started));
  const total = checkout.totals.find((line) => line.type === "total")!.amount;
  return { draft, id: checkout.id, total };
}

const token = (behaviour: TestTokenBehaviour, cap: number) =>
  testToken(behaviour, cap, randomUUID().replaceAll("-", ""));

/** `complete_checkout` as ChatGPT calls it. */
const complete = (client: Client, sessionId: string, paymentToken: string) =>
  client.callTool({
    name: "complete_checkout",
    arguments: {
      checkout_session_id: sessionId,
      buyer: { name: "Alice", email: "alice@example.com", phone_number: null },
      payment_data: { token: paymentToken, provider: "giftgenius_test_pay" },
    },
  }) as Promise<CallToolResult>;

/**
 * A fresh caller's sheet payment whose answer was lost: the provider charged, then timed
 * out. `charges` is the ledger's count before it.
 */
async function lostPayment(name: string) {
  const client = await h.connect({ sub: `${name}-${randomUUID()}` });
  const { id, total } = await session(client);
  const charges = await h.app.payments.countCharges();
  setFaults("payments=timeout");
  const lost = await complete(client, id, token("ok", total));
  setFaults("");
  expect(lost.isError).toBe(true);
  expect(sc(lost).error).toMatchObject({ code: "UPSTREAM_TIMEOUT", changes: "unknown" });
  return { client, id, total, charges };
}

const orderOf = (result: CallToolResult) => (sc(result).order as { id?: string } | undefined)?.id;

describe("GiftGenius on the payment sheet", () => {
  it("says in every result's _meta that it pays on the sheet, and names the session tool", async () => {
    const client = await h.connect({ sub: `meta-${randomUUID()}` });
    const found = await call(client, "suggest_gifts", GOOD_SEARCH);
    const prepared = await call(client, "prepare_order", { gift_id: "gift-0001", quantity: 1 });
    for (const result of [found, prepared])
      expect(result._meta?.["mcp-widget-kit/sheet"]).toBe("start_checkout");
    const sheetless = await startHarness({ paymentSheet: false });
    try {
      const other = await sheetless.connect({ sub: `meta-${randomUUID()}` });
      const draft = await call(other, "prepare_order", { gift_id: "gift-0001", quantity: 1 });
      expect(draft._meta?.["mcp-widget-kit/confirmation"]).toEqual(expect.any(String));
      expect(draft._meta).not.toHaveProperty("mcp-widget-kit/sheet");
    } finally {
      await sheetless.close();
    }
  });

  it("lists both checkout tools for the app only", async () => {
    const client = await h.connect({ sub: `list-${randomUUID()}` });
    const { tools } = await client.listTools();
    for (const name of ["start_checkout", "complete_checkout"]) {
      const tool = tools.find((each) => each.name === name);
      expect(tool?._meta).toMatchObject({ ui: { visibility: ["app"] } });
    }
  });

  it("charges once for 2 concurrent and 2 sequential complete_checkout calls: 1 charge, 1 order", async () => {
    const client = await h.connect({ sub: `repeat-${randomUUID()}` });
    const { id, total } = await session(client);
    const charges = await h.app.payments.countCharges();
    const concurrent = await Promise.all([
      complete(client, id, token("ok", total)),
      complete(client, id, token("ok", total)),
    ]);
    const sequential = [
      await complete(client, id, token("ok", total)),
      await complete(client, id, token("ok", total)),
    ];
    const answers = [...concurrent, ...sequential];
    for (const answer of answers) expect(sc(answer)).toMatchObject({ status: "completed" });
    expect(new Set(answers.map(orderOf)).size).toBe(1);
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("answers a declined card with the sheet's message and no order; another card then pays once", async () => {
    const client = await h.connect({ sub: `decline-${randomUUID()}` });
    const { id, total } = await session(client);
    const charges = await h.app.payments.countCharges();
    const declined = await complete(client, id, token("decline", total));
    expect(declined.isError).toBeFalsy();
    expect(sc(declined)).toMatchObject({
      status: "ready_for_payment",
      messages: [{ type: "error", code: "payment_declined" }],
    });
    expect(sc(declined)).not.toHaveProperty("order");
    // A token capped below the total is declined too: the amount is the server's.
    const capped = await complete(client, id, token("ok", total - 1));
    expect(sc(capped)).toMatchObject({ messages: [{ code: "payment_declined" }] });
    const threeDs = await complete(client, id, token("3ds", total));
    expect(sc(threeDs)).toMatchObject({ messages: [{ code: "requires_3ds" }] });
    expect(await h.app.payments.countCharges()).toBe(charges);
    const paid = await complete(client, id, token("ok", total));
    expect(sc(paid)).toMatchObject({ status: "completed" });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("lets the model complete no checkout on its own", async () => {
    const client = await h.connect({ sub: `model-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0008", 1);
    // The model's call of the session tool carries no proof of the person's confirmation.
    const started = (await client.callTool({
      name: "start_checkout",
      arguments: { draft_id: draft },
    })) as CallToolResult;
    expect(started.isError).toBe(true);
    expect(sc(started).error).toMatchObject({ code: "CONFIRMATION_REQUIRED" });
    // A session id it made up, or another person's, is refused before any charge.
    const charges = await h.app.payments.countCharges();
    const madeUp = await complete(
      client,
      "cs1_e30.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      token("ok", 10_000),
    );
    expect(sc(madeUp).error).toMatchObject({ code: "CHECKOUT_SESSION_INVALID" });
    const other = await h.connect({ sub: `victim-${randomUUID()}` });
    const theirs = await session(other);
    const stolen = await complete(client, theirs.id, token("ok", theirs.total));
    expect(sc(stolen).error).toMatchObject({ code: "CHECKOUT_SESSION_INVALID" });
    expect(await h.app.payments.countCharges()).toBe(charges);
  });

  it("finishes a payment whose answer was lost with the reconciler: one charge, one order, replayed", async () => {
    const { client, id, total, charges } = await lostPayment("doubt");
    clock += 10 * 60_000;
    const counts = await h.app.reconcile();
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    const late = await complete(client, id, token("ok", total));
    expect(sc(late)).toMatchObject({ status: "completed" });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  // `npm run reconcile` in process, on the test's clock and the server's database: within
  // GiftGenius' 15 minutes it places the order; past them it refunds the charge — either way
  // one charge, ended by one order or one refund, and ChatGPT's late retry replays that end.
  it.each([
    { after: "10 minutes", ms: 10 * 60_000, counted: "completed", answer: { status: "completed" } },
    {
      after: "20 minutes",
      ms: 20 * 60_000,
      counted: "compensated",
      answer: { error: { code: "CHECKOUT_REFUNDED", changes: "none" } },
    },
  ] as const)(
    "ends a lost sheet payment from the operator's reconcile command after $after as the server would: 1 charge, then its $counted end",
    async ({ ms, counted, answer }) => {
      const { client, id, total, charges } = await lostPayment("command");
      clock += ms;
      const counts = await runReconcile({
        app: fileURLToPath(new URL("../server/reconcile.ts", import.meta.url)),
        graceMs: 0,
        now: () => clock,
        env: { SQLITE_FILE: join(h.dir, "idem.sqlite") },
      });
      expect(counts).toMatchObject({ unowned: 0, retry_later: 0 });
      expect(counts[counted]).toBeGreaterThanOrEqual(1);
      for (const retry of [1, 2]) {
        const late = await complete(client, id, token("ok", total));
        expect(sc(late), `retry ${retry}`).toMatchObject(answer);
      }
      expect(await h.app.payments.countCharges()).toBe(charges + 1);
    },
  );

  it("pays a draft once: after the sheet, commit_order of it is refused and charges nothing", async () => {
    const client = await h.connect({ sub: `both-${randomUUID()}` });
    const { draft, id, total } = await session(client);
    expect(sc(await complete(client, id, token("ok", total)))).toMatchObject({
      status: "completed",
    });
    const charges = await h.app.payments.countCharges();
    const commit = sc(
      await call(client, "commit_order", {
        draft_id: draft,
        idempotency_key: `both-${randomUUID()}`,
      }),
    );
    expect(commit.error).toMatchObject({ code: "DRAFT_ALREADY_USED", changes: "none" });
    expect(await h.app.payments.countCharges()).toBe(charges);
  });

  it("tells the model what became of a draft paid on the sheet: waiting, refused card, provider down, in doubt, the order charged", async () => {
    const client = await h.connect({ sub: `status-${randomUUID()}` });
    const { draft, id, total } = await session(client);
    const status = async () => sc(await call(client, "order_status", { draft_id: draft }));
    expect(await status()).toMatchObject({ ok: true, status: "awaiting_confirmation" });
    await complete(client, id, token("decline", total));
    expect(await status()).toMatchObject({
      ok: true,
      status: "awaiting_payment",
      summary: expect.stringMatching(/refused the person's card/),
    });
    // The provider down before acting: nothing is charged, and the model is told so.
    setFaults("payments=503");
    await complete(client, id, token("ok", total));
    setFaults("");
    expect(await status()).toMatchObject({
      ok: true,
      status: "awaiting_payment",
      summary: expect.stringMatching(/^Nothing has been ordered or charged yet/),
    });
    setFaults("payments=timeout");
    await complete(client, id, token("ok", total));
    setFaults("");
    expect((await status()).error).toMatchObject({
      code: "PAYMENT_IN_PROGRESS",
      retryable: true,
      changes: "unknown",
    });
    clock += 10 * 60_000;
    await h.app.reconcile();
    const paid = await complete(client, id, token("ok", total));
    const order = sc(paid).order as { id: string; permalink_url: string };
    // The order as commit_order gives it: the sheet's order id, its page, the session's total.
    const placed = await status();
    expect(placed).toMatchObject({
      ok: true,
      kind: "order_status",
      status: "placed",
      charged: { amount: (total / 100).toFixed(2), currency: "USD" },
      order: {
        order_id: order.id,
        draft_id: draft,
        total: { amount: (total / 100).toFixed(2), currency: "USD" },
        checkout_url: order.permalink_url,
      },
    });
    // One status, the answer's: neither `replayed` nor the order's own "created".
    expect(placed).not.toHaveProperty("replayed");
    expect(placed.order).not.toHaveProperty("status");
    // Another person asking about the draft learns nothing of it.
    const other = await h.connect({ sub: `status-other-${randomUUID()}` });
    const theirs = sc(await call(other, "order_status", { draft_id: draft }));
    expect(theirs.error).toMatchObject({ code: "DRAFT_NOT_FOUND" });
  });
});
