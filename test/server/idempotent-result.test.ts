import {
  createSqliteStore,
  idempotentResult,
  NEXT_ACTIONS,
  type Attempt,
} from "../../src/server/index.ts";
import { runIdempotent } from "../../src/server/idempotency/index.ts";
import { reconcileInDoubt } from "../../src/server/idempotency/reconcile.ts";

describe("idempotentResult", () => {
  const fromValue = (value: string, replayed: boolean) => ({
    ok: true as const,
    data: { value, replayed },
    text: value,
  });

  it("answers a reused key with IDEMPOTENCY_KEY_REUSED: final, nothing changed", () => {
    expect(idempotentResult<string>({ state: "key_reused" }, fromValue)).toMatchObject({
      ok: false,
      error: {
        code: "IDEMPOTENCY_KEY_REUSED",
        retryable: false,
        changes: "none",
        next_action: NEXT_ACTIONS.newKeyOrSameArgs,
      },
    });
  });

  it("answers a running request with IN_PROGRESS and its wait", () => {
    expect(
      idempotentResult<string>({ state: "in_progress", retryAfterSeconds: 2 }, fromValue),
    ).toMatchObject({
      ok: false,
      error: {
        code: "IN_PROGRESS",
        retryable: true,
        retry_after_seconds: 2,
        changes: "unknown",
        next_action: NEXT_ACTIONS.retrySameKey,
      },
    });
  });

  it("hands a fresh and a replayed value to the tool, saying which", () => {
    expect(
      idempotentResult(
        {
          state: "fresh",
          value: "a",
          effectKey: "0".repeat(32),
          recovered: false,
          stored: true,
          inDoubt: false,
        },
        fromValue,
      ),
    ).toMatchObject({ data: { value: "a", replayed: false } });
    expect(
      idempotentResult({ state: "replayed", value: "b", inDoubt: false }, fromValue),
    ).toMatchObject({
      data: { value: "b", replayed: true },
    });
  });
});

describe("a doubt settled by a definite answer under the effect's own key", () => {
  type Sent = { ok: true; transfer: string } | { ok: false; code: string };
  const told = (value: Sent) =>
    value.ok
      ? { ok: true as const, data: value, text: "Sent." }
      : {
          ok: false as const,
          error: {
            code: value.code,
            message: "No money was sent.",
            retryable: false,
            changes: "none" as const,
          },
        };
  const refused: Sent = { ok: false, code: "PAYMENT_REFUSED" };
  const lost: Attempt<Sent> = {
    final: false,
    value: { ok: false, code: "TIMEOUT" },
    inDoubt: true,
  };

  /** A send whose answer was lost (in doubt), then `retry` under the same key; then a replay. */
  async function afterADoubt(retry: Attempt<Sent>) {
    const store = createSqliteStore(":memory:");
    await store.init();
    const send = (attempt: Attempt<Sent>) =>
      runIdempotent<Sent, { amount: number }>({
        store,
        scope: "user:alice",
        key: "send-1",
        args: { draft_id: "q1" },
        async execute(effect) {
          if (!effect.captured) await effect.capture({ amount: 5 });
          return attempt;
        },
      });
    const first = idempotentResult(await send(lost), told);
    const settled = idempotentResult(await send(retry), told);
    const replayed = idempotentResult(await send(lost), told);
    await store.close();
    return [first, settled, replayed].map((answer) => !answer.ok && answer.error.changes);
  }

  it("answers the provider's definite refusal changes: none, now and on replay", async () => {
    expect(await afterADoubt({ final: true, value: refused, definite: true })).toEqual([
      "unknown",
      "none",
      "none",
    ]);
  });

  it("still answers unknown while nothing is known (a refusal not said to be definite)", async () => {
    expect(await afterADoubt({ final: true, value: refused })).toEqual([
      "unknown",
      "unknown",
      "unknown",
    ]);
  });

  it("answers changes: none after the reconciler's definite compensation, unknown after a plain one", async () => {
    for (const definite of [true, false]) {
      const store = createSqliteStore(":memory:");
      await store.init();
      let clock = 1_000_000;
      const send = () =>
        runIdempotent<Sent, { amount: number }>({
          store,
          scope: "user:alice",
          key: "send-1",
          args: { draft_id: "q1" },
          now: () => clock,
          async execute(effect) {
            if (!effect.captured) await effect.capture({ amount: 5 });
            return lost;
          },
        });
      await send();
      clock += 120_000;
      const counts = await reconcileInDoubt<Sent, { amount: number }>({
        store,
        now: () => clock,
        compensateAfterMs: 0,
        complete: async () => lost,
        compensate: async () => ({ final: true, value: { ok: false, code: "REVERSED" }, definite }),
      });
      expect(counts.compensated).toBe(1);
      const replayed = idempotentResult(await send(), told);
      expect(!replayed.ok && replayed.error.changes).toBe(definite ? "none" : "unknown");
      await store.close();
    }
  });
});
