import { setFaults } from "../../examples/giftgenius/server/faults.ts";
import { GIFT_NEXT_ACTIONS } from "../../examples/giftgenius/server/next-actions.ts";
import { call, draftFor, sc, startHarness, type Harness } from "./harness.ts";

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
    const charges = h.app.payments.chargeCount;
    const results = await Promise.all(Array.from({ length: 50 }, () => call(client, "commit_order", { draft_id: draftId, idempotency_key: "parallel-key-1" })));
    setFaults("");
    const contents = results.map(sc);
    expect(contents.every((content) => content.ok === true)).toBe(true);
    expect(contents.filter((content) => content.replayed === false)).toHaveLength(1);
    expect(new Set(contents.map((content) => (content.order as { order_id: string }).order_id)).size).toBe(1);
    expect(h.app.payments.chargeCount).toBe(charges + 1);
  });

  it("a repeat while the first still runs past the wait → IN_PROGRESS, retryable, with retry_after_seconds", async () => {
    const quick = await startHarness({ idempotencyWaitMs: 50 });
    try {
      const client = await quick.connect();
      const draftId = await draftFor(client, "gift-0011");
      setFaults("payments_latency_ms=600");
      const first = call(client, "commit_order", { draft_id: draftId, idempotency_key: "slow-key-001" });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await call(client, "commit_order", { draft_id: draftId, idempotency_key: "slow-key-001" });
      expect(second.isError).toBe(true);
      expect(sc(second).error).toMatchObject({ code: "IN_PROGRESS", retryable: true, retry_after_seconds: expect.any(Number), changes: "unknown", next_action: GIFT_NEXT_ACTIONS.retrySameKey });
      expect(sc(await first)).toMatchObject({ ok: true, replayed: false });
      setFaults("");
      expect(sc(await call(client, "commit_order", { draft_id: draftId, idempotency_key: "slow-key-001" }))).toMatchObject({ ok: true, replayed: true });
    } finally {
      await quick.close();
    }
  });
});
