/**
 * Issue 32's sequences, as regression tests on SQLite and PostgreSQL: after a payment timeout
 * (the charge went through, its answer was lost) the record is in doubt, and every later
 * attempt under it finishes the order the person confirmed — whatever happened to the draft,
 * the secret or the catalog meanwhile. Once, a retry re-judged the draft and stored
 * `DRAFT_EXPIRED` / `DRAFT_NOT_FOUND` with `changes: "none"` over an orphan charge, and
 * catalog or payment outages on the retry said `changes: "none"` too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/client";
import { setFaults } from "../server/faults.ts";
// The operator's `mcp-widget-kit reconcile` run in process, on the test's clock (docs/architecture.md).
// eslint-disable-next-line no-restricted-imports -- the CLI's run, given the test's clock
import { runReconcile } from "../../../src/cli/reconcile.ts";
import { createSqliteStore } from "mcp-widget-kit/server";
import { call, draftFor, sc, startHarness, widgetProof, type Harness } from "./harness.ts";
import { DATABASE_URL, describePostgres } from "../../../test/server/pg-env.ts";

const HOUR = 3_600_000;
const SECRET_BEFORE_ROTATION = `before-rotation-${randomUUID()}`;

/** A commit of (`draft`, `key`) that times out at the provider after charging. */
async function timedOut(client: Client, draft: string, key: string) {
  setFaults("payments=timeout");
  const first = sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key }));
  setFaults("");
  expect(first.error).toMatchObject({ code: "PAYMENT_TIMEOUT", changes: "unknown" });
}

function inDoubtSequences(databaseUrl: string | undefined): void {
  let h: Harness;
  let clock = Date.now();
  beforeAll(async () => {
    h = await startHarness(
      { databaseUrl, dailyLimit: 1_000, draftSecret: SECRET_BEFORE_ROTATION },
      { now: () => clock },
    );
  });
  afterAll(() => h.close());
  afterEach(() => void setFaults(""));

  it("payment timeout → order_status says the order is still being placed, in the model's terms (no idempotency key it never held)", async () => {
    const client = await h.connect({ sub: `status-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0008", 1);
    await timedOut(client, draft, `doubt-status-${randomUUID()}`);
    const status = sc(await call(client, "order_status", { draft_id: draft }));
    expect(status.error).toMatchObject({
      code: "IN_PROGRESS",
      retryable: true,
      changes: "unknown",
      message: expect.stringContaining("still being placed"),
    });
    expect(JSON.stringify(status.error)).not.toMatch(/idempotency_key/);
  });

  it("payment timeout, then the retry after the draft expired → the confirmed order, charged once", async () => {
    const client = await h.connect({ sub: `expiry-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0008", 1);
    const key = `doubt-expiry-${randomUUID()}`;
    const charges = await h.app.payments.countCharges();
    await timedOut(client, draft, key);
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    clock += 2 * HOUR; // the draft lived at most 30 minutes
    // A new draft is expired now: the retry cannot be judging the draft again and pass.
    const placed = sc(
      await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
    );
    expect(placed).toMatchObject({
      ok: true,
      replayed: false,
      order: { total: { amount: "45.57", currency: "USD" } },
    });
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
    expect(
      sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key })),
    ).toMatchObject({ ok: true, replayed: true, order: placed.order });
  });

  it("payment timeout, then the retry on a server whose secret was rotated → the confirmed order", async () => {
    const sub = `rotation-${randomUUID()}`;
    const client = await h.connect({ sub });
    const draft = await draftFor(client, "gift-0010", 2);
    // Prepared with the old secret too, and never confirmed (the first is single-use: another
    // key on it meets its record, not the draft check).
    const unused = await draftFor(client, "gift-0010", 2);
    const key = `doubt-rotation-${randomUUID()}`;
    await timedOut(client, draft, key);
    const charges = await h.app.payments.countCharges();
    // The same database and sign-in, another draft secret: the old draft reads as not found.
    // The old secret stays among the previous ones, so the proof the widget holds still counts.
    const auth = { issuer: h.issuer.issuer, audience: h.issuer.audience, jwks: h.issuer.jwks };
    const rotated = await startHarness(
      {
        databaseUrl,
        sqliteFile: join(h.dir, "idem.sqlite"),
        draftSecret: `rotated-${randomUUID()}`,
        previousSecrets: [SECRET_BEFORE_ROTATION],
        dailyLimit: 1_000,
      },
      {
        now: () => clock,
        auth,
        ...(databaseUrl ? {} : { store: createSqliteStore(join(h.dir, "idem.sqlite")) }),
      },
    );
    try {
      const after = await rotated.connect({ token: await h.issuer.mint({ sub }) });
      // What the widget kept from the prepare result before the rotation.
      const confirmation = widgetProof(client, draft);
      expect(confirmation).toBeDefined();
      // A draft signed with the old secret is refused on a fresh key: the rotation is real.
      expect(
        sc(
          await call(after, "commit_order", {
            draft_id: unused,
            idempotency_key: `fresh-${randomUUID()}`,
            confirmation: widgetProof(client, unused),
          }),
        ).error,
      ).toMatchObject({ code: "DRAFT_NOT_FOUND", changes: "none" });
      const placed = sc(
        await call(after, "commit_order", { draft_id: draft, idempotency_key: key, confirmation }),
      );
      expect(placed).toMatchObject({
        ok: true,
        order: { total: { amount: "62.64", currency: "USD" } },
      });
      expect(await rotated.app.payments.countCharges()).toBe(charges);
    } finally {
      await rotated.close();
    }
  });

  it("payment timeout, then the retry with a proof past its life → the confirmed order; its replay needs no proof", async () => {
    const client = await h.connect({ sub: `stale-proof-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0012", 1);
    const key = `doubt-stale-proof-${randomUUID()}`;
    await timedOut(client, draft, key);
    const charges = await h.app.payments.countCharges();
    clock += 30 * HOUR; // the widget's proof lived 25 hours
    const placed = sc(
      await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
    );
    expect(placed).toMatchObject({ ok: true, replayed: false, order: { draft_id: draft } });
    // A dropped secret, or a call with no proof at all: the record answers first.
    const replayed = sc(
      await call(client, "commit_order", {
        draft_id: draft,
        idempotency_key: key,
        confirmation: undefined,
      }),
    );
    expect(replayed).toMatchObject({ ok: true, replayed: true, order: placed.order });
    expect(await h.app.payments.countCharges()).toBe(charges);
    // Without a proof nothing new starts: another key, or the same key with another draft.
    for (const args of [
      { draft_id: draft, idempotency_key: `fresh-${randomUUID()}` },
      { draft_id: await draftFor(client, "gift-0012", 1), idempotency_key: key },
    ])
      expect(
        sc(await call(client, "commit_order", { ...args, confirmation: undefined })).error,
      ).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
    expect(await h.app.payments.countCharges()).toBe(charges);
  });

  it("a finished order replays without a valid proof; an open record that is not in doubt still needs one", async () => {
    const client = await h.connect({ sub: `replay-no-proof-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0014", 1);
    const key = `replay-no-proof-${randomUUID()}`;
    const placed = sc(
      await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
    );
    expect(placed).toMatchObject({ ok: true });
    expect(
      sc(
        await call(client, "commit_order", {
          draft_id: draft,
          idempotency_key: key,
          confirmation: "v1.forged.proof",
        }),
      ),
    ).toMatchObject({ ok: true, replayed: true, order: placed.order });
    // Payments down before any charge: open, not in doubt — a new attempt judges the draft.
    const other = await draftFor(client, "gift-0014", 1);
    const openKey = `open-no-proof-${randomUUID()}`;
    setFaults("payments=503");
    const down = sc(
      await call(client, "commit_order", { draft_id: other, idempotency_key: openKey }),
    );
    setFaults("");
    expect(down.error).toMatchObject({ code: "PAYMENT_UNAVAILABLE" });
    expect(
      sc(
        await call(client, "commit_order", {
          draft_id: other,
          idempotency_key: openKey,
          confirmation: undefined,
        }),
      ).error,
    ).toMatchObject({ code: "CONFIRMATION_REQUIRED", changes: "none" });
  });

  it('payment timeout, then a retry meeting the database down → DATABASE_UNAVAILABLE with changes: "unknown"; a later retry → the order', async () => {
    const client = await h.connect({ sub: `db-down-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0016", 1);
    const key = `doubt-db-down-${randomUUID()}`;
    await timedOut(client, draft, key);
    const charges = await h.app.payments.countCharges();
    setFaults("db=down");
    const down = sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key }));
    setFaults("");
    expect(down.error).toMatchObject({
      code: "DATABASE_UNAVAILABLE",
      retryable: true,
      changes: "unknown",
    });
    expect(
      sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key })),
    ).toMatchObject({ ok: true, order: { draft_id: draft } });
    expect(await h.app.payments.countCharges()).toBe(charges);
  });

  for (const outage of ["catalog=503", "payments=503"] as const)
    it(`payment timeout, then retries meeting ${outage} → never changes: "none"; a later retry → the order`, async () => {
      const client = await h.connect({ sub: `outage-${randomUUID()}` });
      const draft = await draftFor(client, "gift-0020", 1);
      const key = `doubt-outage-${randomUUID()}`;
      await timedOut(client, draft, key);
      const charges = await h.app.payments.countCharges();
      setFaults(outage);
      for (let retry = 0; retry < 2; retry++) {
        const answer = sc(
          await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
        );
        // The catalog is never asked again (what was confirmed is finished): the order is placed.
        if (outage === "catalog=503") expect(answer).toMatchObject({ ok: true });
        else
          expect(answer.error).toMatchObject({
            code: "PAYMENT_UNAVAILABLE",
            retryable: true,
            changes: "unknown",
          });
      }
      setFaults("");
      const placed = sc(
        await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
      );
      expect(placed).toMatchObject({ ok: true, order: { status: "created" } });
      expect(await h.app.payments.countCharges()).toBe(charges);
    });
}

/**
 * The reconciler (issue 32): a commit in doubt that nobody retries is placed, or refunded once
 * it is older than GiftGenius allows, by the server itself; the late retry replays that
 * answer, and the ledger never holds a charge without its order or its refund.
 */
function reconcilerSequences(databaseUrl: string | undefined): void {
  let h: Harness;
  let clock = Date.now();
  beforeAll(async () => {
    h = await startHarness(
      { databaseUrl, dailyLimit: 1_000 },
      { now: () => clock, reconciler: "manual" },
    );
  });
  afterAll(() => h.close());
  afterEach(() => void setFaults(""));

  /** The charge of `key`'s effect, found from the ledger's entries made since `before`. */
  async function chargesSince(before: Set<string>) {
    const now = await h.app.state.listCharges();
    return now.filter((entry) => !before.has(entry.paymentKey));
  }

  it("payment timeout, nobody retries → the reconciler places the order; the late retry replays it", async () => {
    const client = await h.connect({ sub: `reconcile-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0008", 1);
    const key = `reconcile-${randomUUID()}`;
    const before = new Set((await h.app.state.listCharges()).map((e) => e.paymentKey));
    await timedOut(client, draft, key);
    // Within the grace the caller's own retry comes first: the reconciler leaves it alone.
    await h.app.reconcile();
    clock += 2 * 60_000;
    const counts = await h.app.reconcile();
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    clock += 2 * HOUR; // the draft expired long ago
    const late = sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key }));
    expect(late).toMatchObject({
      ok: true,
      replayed: true,
      order: { draft_id: draft, total: { amount: "45.57", currency: "USD" } },
    });
    const charges = await chargesSince(before);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.charge.refundId).toBeUndefined();
  });

  it("payment timeout, nobody retries for 15 minutes while payments are down → the charge is refunded; the retry says so", async () => {
    const client = await h.connect({ sub: `refund-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0010", 2);
    const key = `refund-${randomUUID()}`;
    const before = new Set((await h.app.state.listCharges()).map((e) => e.paymentKey));
    await timedOut(client, draft, key);
    clock += 2 * 60_000;
    setFaults("payments=503");
    const down = await h.app.reconcile();
    expect(down.retry_later).toBeGreaterThanOrEqual(1);
    // Still in doubt: the retry meeting the outage never says nothing changed.
    const retried = sc(
      await call(client, "commit_order", { draft_id: draft, idempotency_key: key }),
    );
    expect(retried.error).toMatchObject({ code: "PAYMENT_UNAVAILABLE", changes: "unknown" });
    clock += 20 * 60_000;
    setFaults("");
    const counts = await h.app.reconcile();
    expect(counts.compensated).toBeGreaterThanOrEqual(1);
    const late = sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key }));
    expect(late.error).toMatchObject({
      code: "ORDER_REFUNDED",
      retryable: false,
      changes: "applied",
    });
    const charges = await chargesSince(before);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.charge.refundId).toMatch(/^re_/);
    // The model asking about the draft reads a state, not an error: refunded, no order.
    expect(sc(await call(client, "order_status", { draft_id: draft }))).toMatchObject({
      ok: true,
      status: "refunded",
      summary: expect.stringMatching(/^No order was placed: .*its charge was refunded/),
    });
  });

  it("the operator's `mcp-widget-kit reconcile --app` places an order nobody retried, beside the running server", async () => {
    const client = await h.connect({ sub: `operator-${randomUUID()}` });
    const draft = await draftFor(client, "gift-0020", 1);
    const key = `operator-${randomUUID()}`;
    await timedOut(client, draft, key);
    clock += 1_000;
    // The grace given as 0 takes the record at once (on the test's clock).
    const counts = await runReconcile({
      app: fileURLToPath(new URL("../server/reconcile.ts", import.meta.url)),
      graceMs: 0,
      now: () => clock,
      env: databaseUrl
        ? { DATABASE_URL: databaseUrl }
        : { SQLITE_FILE: join(h.dir, "idem.sqlite") },
    });
    expect(counts.completed).toBeGreaterThanOrEqual(1);
    expect(
      sc(await call(client, "commit_order", { draft_id: draft, idempotency_key: key })),
    ).toMatchObject({ ok: true, replayed: true, order: { draft_id: draft } });
  });

  it("a record taken over by the reconciler cannot be charged again after its refund (the key is void)", async () => {
    const key = `pay_void-${randomUUID()}`;
    expect(await h.app.payments.refund({ idempotencyKey: key })).toBeUndefined();
    await expect(
      h.app.payments.charge({ idempotencyKey: key, amount: { amount: "1.00", currency: "USD" } }),
    ).rejects.toMatchObject({ error: { code: "PAYMENT_CANCELLED", changes: "none" } });
    expect(await h.app.state.findCharge(key)).toBeUndefined();
  });
}

describe("in-doubt commits are finished, never re-judged, on SQLite", () => {
  inDoubtSequences(undefined);
});

describePostgres("in-doubt commits are finished, never re-judged, on PostgreSQL", () => {
  inDoubtSequences(DATABASE_URL);
});

describe("in-doubt commits nobody retries are reconciled, on SQLite", () => {
  reconcilerSequences(undefined);
});

describePostgres("in-doubt commits nobody retries are reconciled, on PostgreSQL", () => {
  reconcilerSequences(DATABASE_URL);
});
