/**
 * `webhookRoute`: a provider's signed delivery fulfils once — repeated, late, or twice at once —
 * and a forged, altered, stale or replayed-with-another-body delivery fulfils nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as v from "valibot";
import {
  createPostgresStore,
  createSqliteStore,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { signWebhook, webhookRoute } from "../../src/server/checkout/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const SECRET = "whsec_" + Buffer.from("a webhook secret of the provider").toString("base64");
const OLD_SECRET = "the previous secret";
const PATH = "/webhooks/payments";
const Paid = v.object({ id: v.string(), type: v.literal("checkout.paid"), order: v.string() });

function webhookSuite(open: () => IdempotencyStore): void {
  let store: IdempotencyStore;
  beforeAll(async () => {
    store = open();
    await store.init();
  });
  afterAll(() => store.close());

  let clock = Date.now();
  const fulfilled: string[] = [];
  let failNext = 0;
  let gate: Promise<void> | undefined;
  const route = () =>
    webhookRoute({
      path: PATH,
      secrets: [SECRET, OLD_SECRET],
      store,
      event: Paid,
      now: () => clock,
      async fulfil(event) {
        await gate;
        if (failNext > 0) {
          failNext--;
          throw new Error("warehouse down");
        }
        fulfilled.push(event.order);
      },
    });

  let n = 0;
  /** A delivery as the provider sends it (`over` changes what was signed or sent). */
  function delivery(
    order: string,
    over: { id?: string; secret?: string; at?: number; body?: string; signature?: string } = {},
  ) {
    const id = over.id ?? `msg_${++n}_${Math.random().toString(36).slice(2)}`;
    const at = over.at ?? Math.floor(clock / 1000);
    const signedBody = JSON.stringify({ id: `evt_${order}`, type: "checkout.paid", order });
    const signature = over.signature ?? signWebhook(over.secret ?? SECRET, id, at, signedBody);
    return {
      id,
      send: (handler = route()) =>
        handler(
          new Request(`http://127.0.0.1${PATH}`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "webhook-id": id,
              "webhook-timestamp": String(at),
              "webhook-signature": signature,
            },
            body: over.body ?? signedBody,
          }),
        ),
    };
  }

  it("fulfils a delivery once; its repeats (the provider's retries, a late one) replay it", async () => {
    const paid = delivery("ord_1");
    const first = await paid.send();
    expect(first?.status).toBe(200);
    expect(await first?.json()).toEqual({ received: true, replayed: false });
    clock += 3_600_000; // an hour later, freshly signed: the same delivery id
    const late = delivery("ord_1", { id: paid.id });
    const again = await late.send();
    expect(again?.status).toBe(200);
    expect(await again?.json()).toEqual({ received: true, replayed: true });
    expect(fulfilled.filter((order) => order === "ord_1")).toEqual(["ord_1"]);
  });

  it("two processes given the same delivery at once fulfil it once", async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const paid = delivery("ord_2");
    const [a, b] = [paid.send(route()), paid.send(route())];
    setTimeout(open, 50);
    const statuses = (await Promise.all([a, b])).map((response) => response?.status);
    gate = undefined;
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    expect(fulfilled.filter((order) => order === "ord_2")).toEqual(["ord_2"]);
  });

  it("refuses a forged, altered, stale or unsigned delivery, and fulfils nothing", async () => {
    const before = fulfilled.length;
    expect((await delivery("ord_f", { secret: "someone else's secret" }).send())?.status).toBe(401);
    const altered = JSON.stringify({ id: "evt_x", type: "checkout.paid", order: "ord_free" });
    expect((await delivery("ord_3", { body: altered }).send())?.status).toBe(401);
    const stale = delivery("ord_4", { at: Math.floor(clock / 1000) - 600 });
    expect((await stale.send())?.status).toBe(400);
    expect((await delivery("ord_5", { signature: "" }).send())?.status).toBe(400);
    expect(fulfilled.length).toBe(before);
  });

  it("takes the previous secret during a rotation", async () => {
    expect((await delivery("ord_6", { secret: OLD_SECRET }).send())?.status).toBe(200);
    expect(fulfilled).toContain("ord_6");
  });

  it("refuses a delivery id reused for another body, and a signed body that is not the event", async () => {
    const paid = delivery("ord_7");
    expect((await paid.send())?.status).toBe(200);
    expect((await delivery("ord_8", { id: paid.id }).send())?.status).toBe(422);
    const at = Math.floor(clock / 1000);
    const body = JSON.stringify({ id: "evt_9", type: "checkout.refunded", order: "ord_9" });
    const wrong = delivery("ord_9", {
      body,
      signature: signWebhook(SECRET, "msg_w", at, body),
      id: "msg_w",
    });
    expect((await wrong.send())?.status).toBe(400);
    expect(fulfilled).not.toContain("ord_8");
    expect(fulfilled).not.toContain("ord_9");
  });

  it("a failed fulfilment answers 500 and the provider's next delivery fulfils it", async () => {
    failNext = 1;
    const paid = delivery("ord_10");
    expect((await paid.send())?.status).toBe(500);
    expect(fulfilled).not.toContain("ord_10");
    expect((await paid.send())?.status).toBe(200);
    expect(fulfilled.filter((order) => order === "ord_10")).toEqual(["ord_10"]);
  });

  it("answers only its own path, and only POST", async () => {
    const handler = route();
    expect(
      await handler(new Request("http://127.0.0.1/other", { method: "POST" })),
    ).toBeUndefined();
    expect((await handler(new Request(`http://127.0.0.1${PATH}`)))?.status).toBe(405);
  });
}

describe("webhookRoute on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-webhook-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  webhookSuite(() => createSqliteStore(join(dir, "webhook.sqlite")));
});

describePostgres("webhookRoute on PostgreSQL", () => {
  webhookSuite(() =>
    createPostgresStore({ connectionString: DATABASE_URL!, table: "idempotency_webhook_test" }),
  );
});
