/**
 * GiftGenius' external checkout (GIFTGENIUS_CHECKOUT_ORIGIN): the person's confirmation
 * (`commit_order`) creates the merchant's checkout session once per draft and answers its URL,
 * charging nothing; the draft's single use holds across keys and the payment sheet; a commit
 * left unfinished is finished by the reconciler into that checkout, never a charge; the
 * provider's signed webhook marks the order paid once (twice, late, concurrent, under a new
 * delivery id) and a forged one is refused with nothing changed; a payment that arrives after
 * the checkout expired is refunded once and never revives it; `order_status` answers awaiting
 * payment, paid, expired and refunded from the merchant's record.
 */
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client, CallToolResult } from "@modelcontextprotocol/client";
import { signWebhook } from "mcp-widget-kit/checkout/server";
import { readConfig, startupRefusal } from "../server/config.ts";
import { withRedirectOrigin } from "../server/external/checkout-setting.ts";
import { CHECKOUT_WEBHOOK_PATH } from "../server/external/checkout-webhook.ts";
import { SESSION_LIFETIME_MS } from "../server/external/merchant-checkouts.ts";
import { testToken } from "../server/sheet-payments.ts";
import { PRODUCTION } from "./production-env.ts";
import { DATABASE_URL, describePostgres } from "../../../test/server/pg-env.ts";
import { call, draftFor, sc, startHarness, type Harness } from "./harness.ts";

const ORIGIN = "https://pay.giftgenius.example";
const SECRET = "whsec_" + Buffer.from("giftgenius-test-webhook-secret").toString("base64");

/** The suite, on SQLite (`databaseUrl` undefined) or on PostgreSQL. */
function externalCheckout(databaseUrl: string | undefined) {
  let h: Harness;
  let clock = Date.now();
  beforeAll(async () => {
    h = await startHarness(
      { dailyLimit: 1_000, checkoutOrigin: ORIGIN, webhookSecrets: [SECRET], databaseUrl },
      { now: () => clock, reconciler: "manual" },
    );
  });
  afterAll(() => h.close());
  // A test that moves the clock (an expiry, another process's clock) leaves it as it found it.
  afterEach(() => {
    clock = Date.now();
  });

  /** The person's confirmation as the widget sends it: `commit_order` with the draft's proof. */
  const start = (client: Client, draft: string, key: string) =>
    call(client, "commit_order", { draft_id: draft, idempotency_key: key });

  const orderOf = (result: CallToolResult) =>
    sc(result).order as { order_id: string; checkout_url?: string } | undefined;

  /** The provider's delivery of `checkout.completed` for `sessionId`, signed with `secret`. */
  function delivery(
    sessionId: string,
    options: { id?: string; secret?: string; at?: number; body?: string } = {},
  ): Request {
    const id = options.id ?? `msg_${randomUUID()}`;
    const timestamp = Math.floor((options.at ?? clock) / 1000);
    const body =
      options.body ??
      JSON.stringify({
        type: "checkout.completed",
        data: { session_id: sessionId, payment_id: `pi_${randomUUID().slice(0, 8)}` },
      });
    return new Request(`http://127.0.0.1${CHECKOUT_WEBHOOK_PATH}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "webhook-id": id,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signWebhook(options.secret ?? SECRET, id, timestamp, body),
      },
      body,
    });
  }

  const sessionOf = (url: string) => url.slice(`${ORIGIN}/checkout/`.length);
  const logged = (event: string, orderId: string) =>
    h.log.lines.filter((line) => line.event === event && line.fields?.order_id === orderId).length;
  const fulfilments = (orderId: string) => logged("order_fulfilled", orderId);
  /** How often the webhook placed `orderId` and refunded its late payment. */
  const settled = (orderId: string) => ({
    orders: fulfilments(orderId),
    refunds: logged("late_payment_refunded", orderId),
  });

  async function started(client: Client) {
    const draft = await draftFor(client, "gift-0008", 1);
    const result = await start(client, draft, randomUUID());
    const order = orderOf(result);
    if (!order?.checkout_url) throw new Error(JSON.stringify(result));
    return { draft, order, sessionId: sessionOf(order.checkout_url) };
  }

  const status = (client: Client, draft: string) =>
    client.callTool({
      name: "order_status",
      arguments: { draft_id: draft },
    }) as Promise<CallToolResult>;

  it("never says 'Order placed' for a checkout that is only opened", async () => {
    const client = await h.connect({ sub: `words-${randomUUID()}` });
    const { tools } = await client.listTools();
    const commit = tools.find((tool) => tool.name === "commit_order");
    expect(commit?._meta?.["openai/toolInvocation/invoked"]).toBe("Checkout ready");
    expect(commit?.description).toContain("nothing is charged here");
  });

  it("offers no saved payment method: the person pays on the merchant's page", async () => {
    const client = await h.connect({ sub: `methods-${randomUUID()}` });
    const prepared = await call(client, "prepare_order", { gift_id: "gift-0008", quantity: 1 });
    expect(sc(prepared).draft).toBeDefined();
    expect(sc(prepared)).not.toHaveProperty("payment_methods");
  });

  it("needs the person's click: the model's own commit creates nothing", async () => {
    const client = await h.connect({ sub: `model-${randomUUID()}` });
    const draft = await draftFor(client);
    const before = await h.app.merchant!.countSessions();
    const byModel = (await client.callTool({
      name: "commit_order",
      arguments: { draft_id: draft, idempotency_key: randomUUID() },
    })) as CallToolResult;
    expect(byModel.isError).toBe(true);
    expect(await h.app.merchant!.countSessions()).toBe(before);
  });

  it("creates one session for 2 concurrent and 2 sequential confirmations of one purchase", async () => {
    const client = await h.connect({ sub: `once-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0008", 2);
    const key = randomUUID();
    const before = await h.app.merchant!.countSessions();
    const answers = [
      ...(await Promise.all([start(client, draft, key), start(client, draft, key)])),
      await start(client, draft, key),
      await start(client, draft, key),
    ];
    const urls = answers.map((answer) => orderOf(answer)?.checkout_url);
    expect(answers[3]!.content).toEqual([
      expect.objectContaining({ text: expect.stringContaining("nothing is charged") }),
    ]);
    expect(urls[0]).toMatch(/^https:\/\/pay\.giftgenius\.example\/checkout\/cs_[0-9a-f]{24}$/);
    expect(new Set(urls).size).toBe(1);
    expect(await h.app.merchant!.countSessions()).toBe(before + 1);
  });

  it("the merchant creates one session per key, whoever asks at once", async () => {
    const request = {
      idempotencyKey: `chk_${randomUUID()}`,
      orderId: "ord_merchant",
      draftId: "drf_merchant",
      total: { amount: "10.00", currency: "USD" },
    } as const;
    const before = await h.app.merchant!.countSessions();
    const sessions = await Promise.all([1, 2, 3].map(() => h.app.merchant!.createSession(request)));
    sessions.push(await h.app.merchant!.createSession(request));
    expect(new Set(sessions.map((session) => session.sessionId)).size).toBe(1);
    expect(await h.app.merchant!.countSessions()).toBe(before + 1);
  });

  it("one draft buys one checkout: another key replays it, the payment sheet is refused", async () => {
    const client = await h.connect({ sub: `single-${randomUUID()}` });
    const { draft, order } = await started(client);
    const before = await h.app.merchant!.countSessions();
    const charges = await h.app.payments.countCharges();
    const again = await start(client, draft, randomUUID());
    expect(orderOf(again)).toEqual(order);
    const sheet = sc(await call(client, "start_checkout", { draft_id: draft }));
    const session = sheet.checkout_session as
      { id: string; totals: { amount: number }[] } | undefined;
    if (session) {
      const paid = await client.callTool({
        name: "complete_checkout",
        arguments: {
          checkout_session_id: session.id,
          buyer: { name: "Alice", email: "alice@example.com", phone_number: null },
          payment_data: {
            token: testToken("ok", 1_000_000, randomUUID().replaceAll("-", "")),
            provider: "giftgenius_test_pay",
          },
        },
      });
      expect(sc(paid as CallToolResult)).toMatchObject({ error: { code: "DRAFT_ALREADY_USED" } });
    } else expect(sheet).toMatchObject({ error: { code: "DRAFT_ALREADY_USED" } });
    expect(await h.app.merchant!.countSessions()).toBe(before);
    expect(await h.app.payments.countCharges()).toBe(charges);
  });

  it("fulfils once for a delivery sent twice, concurrently, late, and under a new id", async () => {
    const client = await h.connect({ sub: `hook-${randomUUID()}` });
    const { draft, order, sessionId } = await started(client);
    expect(sc(await status(client, draft))).toMatchObject({
      ok: true,
      status: "awaiting_payment",
      summary: expect.stringMatching(/^Nothing has been charged yet/),
    });
    const id = `msg_${randomUUID()}`;
    const body = JSON.stringify({
      type: "checkout.completed",
      data: { session_id: sessionId, payment_id: "pi_first" },
    });
    const concurrent = await Promise.all([
      h.app.webhook(delivery(sessionId, { id, body })),
      h.app.webhook(delivery(sessionId, { id, body })),
    ]);
    for (const answer of concurrent) expect([200, 409]).toContain(answer?.status);
    const late = await h.app.webhook(delivery(sessionId, { id, body, at: clock + 60_000 }));
    expect(await late?.json()).toMatchObject({ received: true, replayed: true });
    // The provider sends the same payment again under a new delivery id: still one fulfilment.
    const other = await h.app.webhook(delivery(sessionId));
    expect(other?.status).toBe(200);
    expect(fulfilments(order.order_id)).toBe(1);
    expect((await h.app.merchant!.session(sessionId))?.paymentId).toBe("pi_first");
    const paid = await status(client, draft);
    expect(sc(paid)).toMatchObject({
      ok: true,
      status: "placed",
      order: { order_id: order.order_id },
    });
    // What was charged is the order's total, said as such; a replay is no status of an order.
    expect(sc(paid).charged).toEqual(
      sc(paid).order && (sc(paid).order as { total: unknown }).total,
    );
    expect(sc(paid).summary).toMatch(
      /was placed and paid on the merchant's checkout page and \d+\.\d{2} USD was charged/,
    );
    expect(sc(paid)).not.toHaveProperty("replayed");
  });

  it("refuses a forged or altered delivery with 401 and changes nothing", async () => {
    const client = await h.connect({ sub: `forged-${randomUUID()}` });
    const { draft, order, sessionId } = await started(client);
    const forged = await h.app.webhook(delivery(sessionId, { secret: "whsec_Zm9yZ2Vk" }));
    expect(forged?.status).toBe(401);
    const signed = delivery(sessionId);
    const altered = new Request(signed.url, {
      method: "POST",
      headers: signed.headers,
      body: JSON.stringify({
        type: "checkout.completed",
        data: { session_id: sessionId, payment_id: "pi_altered" },
      }),
    });
    expect((await h.app.webhook(altered))?.status).toBe(401);
    expect(fulfilments(order.order_id)).toBe(0);
    expect((await h.app.merchant!.session(sessionId))?.paidAt).toBeNull();
    expect(sc(await status(client, draft))).toMatchObject({
      status: "awaiting_payment",
    });
  });

  it("finishes a commit left unfinished into its checkout, never a charge", async () => {
    const client = await h.connect({ sub: `reconcile-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0008", 1);
    const merchant = h.app.merchant!;
    const create = merchant.createSession.bind(merchant);
    // The process "dies" while the merchant is asked: the commit never answers.
    let reached!: () => void;
    const asked = new Promise<void>((resolve) => (reached = resolve));
    merchant.createSession = () => {
      reached();
      return new Promise(() => {});
    };
    const charges = await h.app.payments.countCharges();
    const sessions = await merchant.countSessions();
    void start(client, draft, randomUUID()).catch(() => {});
    await asked;
    merchant.createSession = create;
    clock += 5 * 60_000;
    try {
      await h.app.reconcile();
      expect(await merchant.countSessions()).toBe(sessions + 1);
      expect(await h.app.payments.countCharges()).toBe(charges);
      expect(sc(await status(client, draft))).toMatchObject({
        status: "awaiting_payment",
      });
    } finally {
      clock = Date.now();
    }
  });

  it("pays a payment that arrives a second before the checkout expires, and it stays paid", async () => {
    const client = await h.connect({ sub: `in-time-${randomUUID()}` });
    const { draft, order, sessionId } = await started(client);
    clock += SESSION_LIFETIME_MS - 1_000;
    expect((await h.app.webhook(delivery(sessionId)))?.status).toBe(200);
    clock += 60_000;
    expect(sc(await status(client, draft))).toMatchObject({
      ok: true,
      status: "placed",
      order: { order_id: order.order_id },
    });
    expect(settled(order.order_id)).toEqual({ orders: 1, refunds: 0 });
  });

  it("refunds a payment that arrives after the checkout expired: once, however often it is delivered, and the order stays expired", async () => {
    const client = await h.connect({ sub: `late-${randomUUID()}` });
    const { draft, order, sessionId } = await started(client);
    clock += SESSION_LIFETIME_MS + 1_000;
    expect(sc(await status(client, draft))).toMatchObject({ ok: true, status: "expired" });
    const id = `msg_${randomUUID()}`;
    const body = JSON.stringify({
      type: "checkout.completed",
      data: { session_id: sessionId, payment_id: "pi_late" },
    });
    const first = await h.app.webhook(delivery(sessionId, { id, body }));
    expect(await first?.json()).toMatchObject({ received: true, replayed: false });
    // Replayed twice under its id, and once more under a new one: still the one refund.
    for (const again of [id, id, `msg_${randomUUID()}`])
      expect((await h.app.webhook(delivery(sessionId, { id: again, body })))?.status).toBe(200);
    const session = await h.app.merchant!.session(sessionId);
    expect(session).toMatchObject({ paidAt: null, paymentId: "pi_late" });
    expect(session?.refundId).toMatch(/^re_[0-9a-f]{24}$/);
    expect(settled(order.order_id)).toEqual({ orders: 0, refunds: 1 });
    expect(sc(await status(client, draft))).toMatchObject({
      ok: true,
      status: "expired",
      refund_id: session!.refundId,
      summary: expect.stringMatching(/refunded in full/),
    });
  });

  it("keeps an expiry it said: a process whose clock is behind refunds the payment too", async () => {
    const client = await h.connect({ sub: `skew-${randomUUID()}` });
    const { draft, order, sessionId } = await started(client);
    const t0 = clock;
    clock = t0 + SESSION_LIFETIME_MS + 1_000;
    expect(sc(await status(client, draft))).toMatchObject({ ok: true, status: "expired" });
    // The webhook lands on a process whose clock is 2 s behind: before the expiry, by its own.
    clock = t0 + SESSION_LIFETIME_MS - 1_000;
    expect((await h.app.webhook(delivery(sessionId)))?.status).toBe(200);
    expect((await h.app.merchant!.session(sessionId))?.paidAt).toBeNull();
    expect(settled(order.order_id)).toEqual({ orders: 0, refunds: 1 });
  });

  it("order_status says expired once the unpaid session expired", async () => {
    const client = await h.connect({ sub: `expired-${randomUUID()}` });
    const { draft } = await started(client);
    clock += SESSION_LIFETIME_MS + 1_000;
    try {
      expect(sc(await status(client, draft))).toMatchObject({
        ok: true,
        status: "expired",
        summary: expect.stringMatching(/^Nothing was ordered or charged/),
      });
    } finally {
      clock = Date.now();
    }
  });
}

describe("GiftGenius external checkout on SQLite", () => externalCheckout(undefined));

describePostgres("GiftGenius external checkout on PostgreSQL", () =>
  externalCheckout(DATABASE_URL),
);

describe("the checkout origin, declared once", () => {
  it("reaches the resource's redirect_domains beside the build's, and only once", async () => {
    const provider = withRedirectOrigin(
      {
        list: async () => [],
        read: async (uri) => ({
          contents: [
            {
              uri,
              mimeType: "text/html+skybridge",
              text: "<div></div>",
              _meta: { "openai/widgetCSP": { redirect_domains: ["https://shop.example"] } },
            },
          ],
        }),
      },
      ORIGIN,
    );
    const read = await provider.read("ui://widget/giftgenius.html");
    expect(read.contents[0]?._meta?.["openai/widgetCSP"]).toEqual({
      redirect_domains: ["https://shop.example", ORIGIN],
    });
    const twice = withRedirectOrigin(provider, ORIGIN);
    expect((await twice.read("ui://x")).contents[0]?._meta?.["openai/widgetCSP"]).toEqual({
      redirect_domains: ["https://shop.example", ORIGIN],
    });
  });

  it("refuses a weak webhook secret in production: it alone decides who marks orders paid", () => {
    const production = { ...PRODUCTION, GIFTGENIUS_CHECKOUT_ORIGIN: ORIGIN };
    expect(startupRefusal({ ...production, GIFTGENIUS_WEBHOOK_SECRETS: SECRET })).toBeUndefined();
    expect(
      startupRefusal({ ...production, GIFTGENIUS_WEBHOOK_SECRETS: `${SECRET},whsec_c2hvcnQ=` }),
    ).toMatch(/GIFTGENIUS_WEBHOOK_SECRETS/);
  });

  it("is refused at start unless it is an origin with a webhook secret", () => {
    expect(() => readConfig({ GIFTGENIUS_CHECKOUT_ORIGIN: "https://pay.example/x" })).toThrow(
      /must be an https origin/,
    );
    // Not http, even on loopback: the contract's links and the hand-off are https only.
    for (const origin of ["http://pay.example", "http://127.0.0.1:9000"])
      expect(() =>
        readConfig({ GIFTGENIUS_CHECKOUT_ORIGIN: origin, GIFTGENIUS_WEBHOOK_SECRETS: SECRET }),
      ).toThrow(/must be an https origin/);
    expect(() => readConfig({ GIFTGENIUS_CHECKOUT_ORIGIN: "https://pay.example" })).toThrow(
      /GIFTGENIUS_WEBHOOK_SECRETS/,
    );
    expect(
      readConfig({
        GIFTGENIUS_CHECKOUT_ORIGIN: "https://127.0.0.1:9000",
        GIFTGENIUS_WEBHOOK_SECRETS: SECRET,
      }),
    ).toMatchObject({ checkoutOrigin: "https://127.0.0.1:9000", webhookSecrets: [SECRET] });
  });
});
