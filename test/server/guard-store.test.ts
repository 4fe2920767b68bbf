/**
 * guardStore: the check runs before each record operation (a failing check is the operation's
 * failure), and the wrapper is the same store to drafts and rate limits (they share its
 * database), which a hand-made wrapper is not.
 */
import { createDraftStore, createSqliteStore, runCommit } from "../../src/server/index.ts";
import { guardStore } from "../../src/server/idempotency/guard-store.ts";
import { recordsOf } from "../../src/server/idempotency/store.ts";

const T0 = 1_900_000_000_000;

describe("guardStore", () => {
  it("fails every record operation while the check throws, and passes them through after", async () => {
    const inner = createSqliteStore(":memory:");
    await inner.init();
    let down = true;
    const store = guardStore(inner, () => {
      if (down) throw new Error("ECONNREFUSED");
    });
    const claim = {
      scope: "s",
      key: "k-guarded",
      fingerprint: "fp",
      now: T0,
      ttlMs: 60_000,
      leaseMs: 5_000,
    };
    await expect(recordsOf(store).claim(claim)).rejects.toThrow("ECONNREFUSED");
    await expect(store.purgeExpired(T0)).rejects.toThrow("ECONNREFUSED");
    down = false;
    expect(await recordsOf(store).claim(claim)).toMatchObject({ state: "claimed", attempt: 1 });
    // The record is the inner store's: both see it in progress.
    expect(await recordsOf(inner).claim(claim)).toMatchObject({ state: "in_progress" });
    await store.close();
  });

  it("answers a commit through a failing check as an unavailable store, without running the effect", async () => {
    const inner = createSqliteStore(":memory:");
    const store = guardStore(inner, () => Promise.reject(new Error("ECONNREFUSED")));
    let ran = false;
    await expect(
      runCommit({
        store,
        args: { draft_id: "d1", idempotency_key: "key-00000001" },
        context: { caller: "s" },
        now: () => T0,
        execute: async () => {
          ran = true;
          return { final: true, value: 1 };
        },
      }),
    ).rejects.toMatchObject({ error: { code: "DATABASE_UNAVAILABLE", retryable: true } });
    expect(ran).toBe(false);
    await inner.close();
  });

  it("shares the wrapped store's database with drafts; a hand-made wrapper is refused", async () => {
    const inner = createSqliteStore(":memory:");
    const store = guardStore(inner, () => {});
    const drafts = createDraftStore<{ n: number }>(store, {
      name: "guarded_drafts",
      ttlMs: 60_000,
      now: () => T0,
    });
    const { draft_id } = await drafts.put("s", { n: 1 });
    expect(await drafts.get("s", draft_id)).toMatchObject({ draft: { n: 1 } });
    expect(() => createDraftStore({ ...inner }, { name: "x", ttlMs: 1 })).toThrow(TypeError);
    await inner.close();
  });
});
