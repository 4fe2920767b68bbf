/**
 * Issue 21's two attack sequences, as regression tests on SQLite and PostgreSQL, with clients
 * of both protocol revisions. Both once ended with one request holding another's charge:
 *
 * - "unknown outcome, then another draft": a payment timeout released the key, so another
 *   draft under it was ordered at its own total against the first draft's charge;
 * - "expired record, then another draft": after the TTL the same key got the old order id and
 *   no charge, not marked as a replay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { setFaults } from "../server/faults.ts";
import { paymentKeyOf } from "../server/tools/commit-order.ts";
// The record key a payment is charged under is the kit's own derivation, not public API: the
// attacks below check the charge under it, so they read the kit's sources (docs/architecture.md).
// eslint-disable-next-line no-restricted-imports -- the kit's internal key derivation, on purpose
import { effectKeyOf } from "../../../src/server/idempotency/store.ts";
// eslint-disable-next-line no-restricted-imports -- the kit's internal key derivation, on purpose
import { fingerprint } from "../../../src/server/idempotency/index.ts";
import { callerScope } from "mcp-widget-kit/server";
import { call, draftFor, sc, startHarness, type Harness } from "./harness.ts";
import { DATABASE_URL, describePostgres } from "../../../test/server/pg-env.ts";

type Order = { order_id: string; total: { amount: string; currency: string } };

function attackSequences(start: (now: () => number) => Promise<Harness>): void {
  let h: Harness;
  let clock = Date.now();
  beforeAll(async () => {
    h = await start(() => clock);
  });
  afterAll(() => h.close());

  for (const era of ["modern", "legacy"] as const) {
    describe(`${era} protocol revision`, () => {
      const subject = `attacker-${era}-${randomUUID()}`;
      /** The payment key the order of (key, draft) must be charged under: its record's effect key. */
      const paymentKey = (key: string, draftId: string, createdAt: number) =>
        paymentKeyOf(
          effectKeyOf(
            callerScope({ issuer: h.issuer.issuer, subject, scopes: [] }),
            key,
            fingerprint({ draft_id: draftId }),
            createdAt,
          ),
        );

      it("unknown outcome, then another draft: the other draft is IDEMPOTENCY_KEY_REUSED and the first completes at its own total, charged once", async () => {
        const client = await h.connect({ era, sub: subject });
        const first = await draftFor(client, "gift-0008", 1);
        const other = await draftFor(client, "gift-0010", 10);
        const key = `attack-a-${randomUUID()}`;
        const claimedAt = clock;
        setFaults("payments=timeout");
        const timedOut = sc(
          await call(client, "commit_order", { draft_id: first, idempotency_key: key }),
        );
        setFaults("");
        expect(timedOut.error).toMatchObject({
          code: "PAYMENT_TIMEOUT",
          retryable: true,
          changes: "unknown",
        });
        const charged = await h.app.state.findCharge(paymentKey(key, first, claimedAt));
        expect(charged?.amount).toEqual({ amount: "45.57", currency: "USD" });

        const reused = sc(
          await call(client, "commit_order", { draft_id: other, idempotency_key: key }),
        );
        expect(reused.error).toMatchObject({
          code: "IDEMPOTENCY_KEY_REUSED",
          retryable: false,
          changes: "none",
        });

        const charges = await h.app.payments.countCharges();
        const placed = sc(
          await call(client, "commit_order", { draft_id: first, idempotency_key: key }),
        );
        expect(placed).toMatchObject({
          ok: true,
          replayed: false,
          order: { total: { amount: "45.57", currency: "USD" } },
        });
        expect(await h.app.payments.countCharges()).toBe(charges); // the timed-out charge stands
        expect(
          sc(await call(client, "commit_order", { draft_id: first, idempotency_key: key })),
        ).toMatchObject({
          ok: true,
          replayed: true,
          order: placed.order,
        });
        expect(
          sc(await call(client, "commit_order", { draft_id: other, idempotency_key: key })).error,
        ).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
        expect(await h.app.state.findCharge(paymentKey(key, other, claimedAt))).toBeUndefined();
      });

      it("expired record, then another draft: a new order with a new charge at the new total", async () => {
        const client = await h.connect({ era, sub: subject });
        const first = await draftFor(client, "gift-0008", 1);
        const other = await draftFor(client, "gift-0010", 10);
        const key = `attack-b-${randomUUID()}`;
        const firstAt = clock;
        const placed = sc(
          await call(client, "commit_order", { draft_id: first, idempotency_key: key }),
        );
        expect(placed).toMatchObject({
          ok: true,
          replayed: false,
          order: { total: { amount: "45.57" } },
        });
        // Within the TTL the key is still bound to the first draft.
        clock += 1_000;
        expect(
          sc(await call(client, "commit_order", { draft_id: other, idempotency_key: key })).error,
        ).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
        clock += 2_000; // past IDEMPOTENCY_TTL_SECONDS=2 since the last claim
        const renewedAt = clock;
        const charges = await h.app.payments.countCharges();
        const renewed = sc(
          await call(client, "commit_order", { draft_id: other, idempotency_key: key }),
        );
        expect(renewed).toMatchObject({
          ok: true,
          replayed: false,
          order: { total: { amount: "313.20", currency: "USD" } },
        });
        const [firstOrder, renewedOrder] = [placed.order as Order, renewed.order as Order];
        expect(renewedOrder.order_id).not.toBe(firstOrder.order_id);
        expect(await h.app.payments.countCharges()).toBe(charges + 1);
        expect((await h.app.state.findCharge(paymentKey(key, other, renewedAt)))?.amount).toEqual(
          renewedOrder.total,
        );
        expect((await h.app.state.findCharge(paymentKey(key, first, firstAt)))?.amount).toEqual(
          firstOrder.total,
        );
      });
    });
  }
}

const TTL = { idempotencyTtlMs: 2_000, dailyLimit: 1_000 };

describe("issue 21's attack sequences on SQLite", () => {
  attackSequences((now) => startHarness(TTL, { now }));
});

describePostgres("issue 21's attack sequences on PostgreSQL", () => {
  attackSequences((now) => startHarness({ ...TTL, databaseUrl: DATABASE_URL }, { now }));
});
