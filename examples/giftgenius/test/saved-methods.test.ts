/**
 * Checkout with saved payment methods (issue 47): the draft offers the caller's own saved
 * methods as display fields only; `commit_order` charges the chosen one — only if it is the
 * caller's (another person's id or an unknown one is refused with nothing charged) — once per
 * key whatever is repeated, and never for the model on its own. On SQLite, and on PostgreSQL
 * when DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Client } from "@modelcontextprotocol/client";
import type { PaymentProvider } from "../server/payments.ts";
import { callerScope } from "mcp-widget-kit/server";
import { storedMethodsOf } from "../server/saved-methods.ts";
import { call, sc, startHarness, type Harness } from "./harness.ts";
import { DATABASE_URL, describePostgres } from "../../../test/server/pg-env.ts";

type Method = { id: string; brand: string; last4: string; label: string; default?: boolean };

/** A result's widget-only fields (`_meta`), which the model never reads. */
const widgetOnlyOf = (result: { _meta?: unknown }) =>
  ((result._meta as { [key: string]: unknown } | undefined)?.["mcp-widget-kit/widget-only"] ??
    {}) as { payment_methods?: Method[]; card?: unknown };

/** A draft and the methods it offers, as the widget gets them: in `_meta`, never for the model. */
async function prepare(client: Client, giftId = "gift-0001") {
  const result = await call(client, "prepare_order", { gift_id: giftId });
  const content = sc(result) as { draft: { draft_id: string }; payment_methods?: unknown };
  expect(content.payment_methods).toBeUndefined();
  const methods = widgetOnlyOf(result).payment_methods ?? [];
  return { result, draftId: content.draft.draft_id, methods };
}

function savedMethodCases(start: () => Promise<Harness>): void {
  let h: Harness;
  /** The method id of every charge the provider was asked for (replays of a key included). */
  const charged: (string | undefined)[] = [];
  beforeAll(async () => {
    h = await start();
    const payments: PaymentProvider = h.app.payments;
    const charge = payments.charge.bind(payments);
    payments.charge = (request) => {
      charged.push(request.paymentMethodId);
      return charge(request);
    };
  });
  afterAll(() => h.close());

  it("offers the caller's own methods, display fields only: no card number, no fingerprint", async () => {
    const subject = `saver-${randomUUID()}`;
    const client = await h.connect({ sub: subject });
    const { result, methods } = await prepare(client);
    expect(methods).toHaveLength(2);
    for (const method of methods)
      expect(Object.keys(method).sort()).toEqual(["brand", "default", "id", "label", "last4"]);
    expect(methods.map((method) => [method.brand, method.last4, method.default])).toEqual([
      ["Visa", "4242", true],
      ["Mastercard", "4444", false],
    ]);
    // What the provider holds beyond the display fields is nowhere in the answer.
    const scope = callerScope({ issuer: h.issuer.issuer, subject, scopes: [] });
    const stored = storedMethodsOf(scope);
    expect(stored.map((method) => method.id)).toEqual(methods.map((method) => method.id));
    const wire = JSON.stringify(result);
    for (const method of stored) {
      expect(wire).not.toContain(method.number);
      expect(wire).not.toContain(method.fingerprint);
    }
    // Another person gets methods of their own: no id is shared.
    const other = await prepare(await h.connect({ sub: `other-${randomUUID()}` }));
    expect(other.methods.map((method) => method.id)).not.toContain(methods[0]!.id);
  });

  it("refuses another person's method and an unknown one: PAYMENT_METHOD_NOT_FOUND, nothing charged; a fresh draft then pays with the caller's own", async () => {
    const alice = await h.connect({ sub: `alice-${randomUUID()}` });
    const bob = await prepare(await h.connect({ sub: `bob-${randomUUID()}` }));
    const { draftId, methods } = await prepare(alice, "gift-0002");
    const charges = await h.app.payments.countCharges();
    for (const foreign of [bob.methods[1]!.id, "pm_000000000000000000000000"]) {
      const refused = sc(
        await call(alice, "commit_order", {
          draft_id: draftId,
          idempotency_key: `foreign-${randomUUID()}`,
          payment_method_id: foreign,
        }),
      );
      expect(refused).toMatchObject({
        ok: false,
        error: { code: "PAYMENT_METHOD_NOT_FOUND", retryable: false, changes: "none" },
      });
    }
    expect(await h.app.payments.countCharges()).toBe(charges);
    // The draft is spent on its refusal (the next key replays it, nothing charged); a fresh
    // draft pays with a method of the caller's own.
    const again = sc(
      await call(alice, "commit_order", {
        draft_id: draftId,
        idempotency_key: `own-${randomUUID()}`,
        payment_method_id: methods[1]!.id,
      }),
    );
    expect(again).toMatchObject({ ok: false, error: { changes: "none" } });
    const fresh = await prepare(alice, "gift-0002");
    const placed = sc(
      await call(alice, "commit_order", {
        draft_id: fresh.draftId,
        idempotency_key: `own-${randomUUID()}`,
        payment_method_id: fresh.methods[1]!.id,
      }),
    );
    expect(placed).toMatchObject({ ok: true, replayed: false });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("charges the chosen method once: 2 concurrent and 2 sequential commits of one key → 1 charge, the others replay it", async () => {
    const client = await h.connect({ sub: `twice-${randomUUID()}` });
    const { draftId, methods } = await prepare(client, "gift-0003");
    const chosen = methods.find((method) => !method.default)!.id;
    const args = {
      draft_id: draftId,
      idempotency_key: `saved-${randomUUID()}`,
      payment_method_id: chosen,
    };
    const charges = await h.app.payments.countCharges();
    const asked = charged.length;
    const concurrent = await Promise.all([
      call(client, "commit_order", args),
      call(client, "commit_order", args),
    ]);
    const sequential = [
      await call(client, "commit_order", args),
      await call(client, "commit_order", args),
    ];
    const answers = [...concurrent, ...sequential].map((result) => sc(result));
    for (const answer of answers)
      expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true });
    const orders = new Set(answers.map((answer) => JSON.stringify(answer.order)));
    expect(orders.size).toBe(1);
    // The order says which card paid — the chosen one's display fields, nothing more — to
    // the widget alone (`_meta`): the model's order names no card.
    const card = methods.find((method) => method.id === chosen)!;
    expect((answers[0]!.order as { card?: unknown }).card).toBeUndefined();
    for (const result of [...concurrent, ...sequential])
      expect(widgetOnlyOf(result).card).toEqual({ brand: card.brand, last4: card.last4 });
    expect(answers.filter((answer) => answer.replayed === false)).toHaveLength(1);
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    // Every charge the provider was asked for (one, or a concurrent attempt's replay) was the chosen method.
    expect(charged.length).toBeGreaterThan(asked);
    expect(new Set(charged.slice(asked))).toEqual(new Set([chosen]));
  });

  it("without a method id charges the caller's default", async () => {
    const client = await h.connect({ sub: `default-${randomUUID()}` });
    const { draftId, methods } = await prepare(client, "gift-0004");
    const asked = charged.length;
    const result = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: `dflt-${randomUUID()}`,
    });
    expect(sc(result)).toMatchObject({ ok: true });
    const byDefault = methods.find((method) => method.default)!;
    expect(charged.slice(asked)).toEqual([byDefault.id]);
    expect(widgetOnlyOf(result).card).toEqual({ brand: byDefault.brand, last4: byDefault.last4 });
  });

  it("the model cannot commit on its own, method id or not: CONFIRMATION_REQUIRED, nothing charged", async () => {
    const client = await h.connect({ sub: `model-${randomUUID()}` });
    const { draftId, methods } = await prepare(client, "gift-0005");
    const charges = await h.app.payments.countCharges();
    const refused = sc(
      (await client.callTool({
        name: "commit_order",
        arguments: {
          draft_id: draftId,
          idempotency_key: `model-${randomUUID()}`,
          payment_method_id: methods[0]!.id,
        },
      })) as Parameters<typeof sc>[0],
    );
    expect(refused).toMatchObject({
      ok: false,
      error: { code: "CONFIRMATION_REQUIRED", changes: "none" },
    });
    expect(await h.app.payments.countCharges()).toBe(charges);
  });

  it("takes no card data: a card number as the method id is refused by validation and never echoed", async () => {
    const client = await h.connect({ sub: `pan-${randomUUID()}` });
    const { draftId } = await prepare(client, "gift-0006");
    const charges = await h.app.payments.countCharges();
    const result = await call(client, "commit_order", {
      draft_id: draftId,
      idempotency_key: `pan-${randomUUID()}`,
      payment_method_id: "4242424242424242",
    });
    expect(sc(result)).toMatchObject({ ok: false, error: { changes: "none" } });
    expect(JSON.stringify(result)).not.toContain("4242424242424242");
    expect(await h.app.payments.countCharges()).toBe(charges);
  });
}

describe("saved payment methods on SQLite", () => {
  savedMethodCases(() => startHarness());
});

describePostgres("saved payment methods on PostgreSQL", () => {
  savedMethodCases(() => startHarness({ databaseUrl: DATABASE_URL }));
});
