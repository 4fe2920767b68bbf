import { setFaults } from "../../examples/giftgenius/server/faults.ts";
import { GIFT_NEXT_ACTIONS } from "../../examples/giftgenius/server/next-actions.ts";
import { call, draftFor, sc, startHarness, type Harness } from "../giftgenius/harness.ts";

describe("commit_order under concurrency (SQLite)", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ idempotencyWaitMs: 5_000 });
  });
  afterAll(() => h.close());

  it("50 parallel calls with one key → one order, one replayed: false, the same order id for all, one charge", async () => {
    const client = await h.connect();
    const draftId = await draftFor(client, "gift-0010", 2);
    // A slow payment makes the calls overlap for real.
    setFaults("payments_latency_ms=150");
    const charges = await h.app.payments.countCharges();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(client, "commit_order", { draft_id: draftId, idempotency_key: "parallel-key-1" }),
      ),
    );
    setFaults("");
    const contents = results.map(sc);
    expect(contents.every((content) => content.ok === true)).toBe(true);
    expect(contents.filter((content) => content.replayed === false)).toHaveLength(1);
    expect(
      new Set(contents.map((content) => (content.order as { order_id: string }).order_id)).size,
    ).toBe(1);
    expect(await h.app.payments.countCharges()).toBe(charges + 1);
  });

  it("a repeat while the first still runs past the wait → IN_PROGRESS, retryable, with retry_after_seconds", async () => {
    const quick = await startHarness({ idempotencyWaitMs: 50 });
    try {
      const client = await quick.connect();
      const draftId = await draftFor(client, "gift-0011");
      setFaults("payments_latency_ms=600");
      const first = call(client, "commit_order", {
        draft_id: draftId,
        idempotency_key: "slow-key-001",
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await call(client, "commit_order", {
        draft_id: draftId,
        idempotency_key: "slow-key-001",
      });
      expect(second.isError).toBe(true);
      expect(sc(second).error).toMatchObject({
        code: "IN_PROGRESS",
        retryable: true,
        retry_after_seconds: expect.any(Number),
        changes: "unknown",
        next_action: GIFT_NEXT_ACTIONS.retrySameKey,
      });
      expect(sc(await first)).toMatchObject({ ok: true, replayed: false });
      setFaults("");
      expect(
        sc(
          await call(client, "commit_order", {
            draft_id: draftId,
            idempotency_key: "slow-key-001",
          }),
        ),
      ).toMatchObject({ ok: true, replayed: true });
    } finally {
      await quick.close();
    }
  });
});

describe("a crash between claim and completion", () => {
  it("leaves a stale claim that a retry after the lease recovers: same order, charged once", async () => {
    const { createSqliteStore } = await import("../../src/server/index.ts");
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "giftgenius-crash-"));
    const inner = createSqliteStore(join(dir, "idem.sqlite"));
    let crashNextComplete = true;
    // The process "dies" after the payment, before the record is written: complete() never lands.
    const store = {
      ...inner,
      name: inner.name,
      complete: async (...args: Parameters<typeof inner.complete>) => {
        if (crashNextComplete) {
          crashNextComplete = false;
          throw new Error("process killed");
        }
        return inner.complete(...args);
      },
    };
    const h = await startHarness({ idempotencyLeaseMs: 300, idempotencyWaitMs: 0 }, { store });
    try {
      const client = await h.connect();
      const draftId = await draftFor(client, "gift-0012");
      const args = { draft_id: draftId, idempotency_key: "crash-key-001" };
      const first = await call(client, "commit_order", args);
      expect(sc(first)).toMatchObject({ ok: true, replayed: false });
      expect(
        h.log.lines.some((line) => line.event === "idempotency_store_failed_after_effect"),
      ).toBe(true);
      // Within the lease the claim still looks alive.
      expect(sc(await call(client, "commit_order", args)).error).toMatchObject({
        code: "IN_PROGRESS",
        retryable: true,
      });
      await new Promise((resolve) => setTimeout(resolve, 350));
      const recovered = await call(client, "commit_order", args);
      expect(sc(recovered)).toMatchObject({ ok: true, order: sc(first).order });
      expect(sc(await call(client, "commit_order", args))).toMatchObject({
        ok: true,
        replayed: true,
        order: sc(first).order,
      });
      expect(await h.app.payments.countCharges()).toBe(1);
    } finally {
      await h.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
