/** The behaviour every IdempotencyStore must have; run against SQLite and PostgreSQL. */
import { randomUUID } from "node:crypto";
import { runIdempotent, type IdempotencyStore } from "../../src/server/index.ts";

const T0 = 1_900_000_000_000;
const base = { fingerprint: "fp-a", now: T0, ttlMs: 60_000, leaseMs: 5_000 };

/** Registers the shared store tests; `open` returns a fresh store (its records may be shared). */
export function storeContract(open: () => Promise<IdempotencyStore>): void {
  let store: IdempotencyStore;
  let scope: string;
  beforeAll(async () => {
    store = await open();
    await store.init();
  });
  afterAll(() => store.close());
  beforeEach(() => {
    scope = `scope-${randomUUID()}`;
  });

  it("claims a key once; a repeat sees it in progress, then completed; other arguments are a mismatch", async () => {
    const first = await store.claim({ ...base, scope, key: "k1" });
    expect(first).toMatchObject({ state: "claimed", recovered: false });
    expect(await store.claim({ ...base, scope, key: "k1", now: T0 + 10 })).toEqual({
      state: "in_progress",
      lockedUntil: T0 + 5_000,
    });
    if (first.state !== "claimed") throw new Error("unreachable");
    expect(await store.complete(scope, "k1", first.token, { body: '{"n":1}' })).toBe(true);
    expect(await store.claim({ ...base, scope, key: "k1", now: T0 + 20 })).toEqual({
      state: "completed",
      response: { body: '{"n":1}' },
    });
    expect(await store.claim({ ...base, scope, key: "k1", fingerprint: "fp-b" })).toEqual({
      state: "mismatch",
    });
    // Another scope is another caller: the same key is free there.
    expect(await store.claim({ ...base, scope: `${scope}-other`, key: "k1" })).toMatchObject({
      state: "claimed",
    });
  });

  it("lets a released key be claimed again", async () => {
    const first = await store.claim({ ...base, scope, key: "k2" });
    if (first.state !== "claimed") throw new Error("expected a claim");
    await store.release(scope, "k2", first.token);
    expect(await store.claim({ ...base, scope, key: "k2" })).toMatchObject({ state: "claimed" });
  });

  it("recovers a stale claim exactly once, and the crashed owner can no longer complete it", async () => {
    const crashed = await store.claim({ ...base, scope, key: "k3" });
    if (crashed.state !== "claimed") throw new Error("expected a claim");
    const later = { ...base, scope, key: "k3", now: T0 + 5_001 };
    const recoveries = await Promise.all(Array.from({ length: 10 }, () => store.claim(later)));
    expect(recoveries.filter((r) => r.state === "claimed")).toEqual([
      expect.objectContaining({ recovered: true }),
    ]);
    expect(await store.complete(scope, "k3", crashed.token, { body: "{}" })).toBe(false);
  });

  it("forgets a record after its time to live, and purges expired ones", async () => {
    const first = await store.claim({ ...base, scope, key: "k4" });
    if (first.state !== "claimed") throw new Error("expected a claim");
    await store.complete(scope, "k4", first.token, { body: "{}" });
    expect(
      await store.claim({ ...base, scope, key: "k4", fingerprint: "fp-other", now: T0 + 60_001 }),
    ).toMatchObject({ state: "claimed" });
    const old = await store.claim({ ...base, scope, key: "k5", now: T0 - 120_000 });
    expect(old.state).toBe("claimed");
    expect(await store.purgeExpired(T0)).toBeGreaterThanOrEqual(1);
  });

  it("gives exactly one of 50 concurrent claims the key", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.claim({ ...base, scope, key: "k6" })),
    );
    expect(results.filter((r) => r.state === "claimed")).toHaveLength(1);
    expect(results.filter((r) => r.state === "in_progress")).toHaveLength(49);
  });

  it("runIdempotent: 50 concurrent runs → one execution, 49 replays of the same value", async () => {
    let executions = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () =>
        runIdempotent({
          store,
          scope,
          key: "k7",
          args: { draft: "d1" },
          execute: async () => {
            executions += 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
            return { final: true, value: { order: "o1" } };
          },
        }),
      ),
    );
    expect(executions).toBe(1);
    expect(outcomes.filter((o) => o.state === "fresh")).toHaveLength(1);
    expect(outcomes.filter((o) => o.state === "replayed")).toHaveLength(49);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ value: { order: "o1" } });
  });

  it("runIdempotent: in_progress after the wait; a retryable failure or a crash releases the key", async () => {
    let release!: () => void;
    const slow = runIdempotent<number>({
      store,
      scope,
      key: "k8",
      args: {},
      execute: () =>
        new Promise((resolve) => (release = () => resolve({ final: true as const, value: 1 }))),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = await runIdempotent({
      store,
      scope,
      key: "k8",
      args: {},
      timing: { waitMs: 30 },
      execute: async () => ({ final: true, value: 2 }),
    });
    expect(busy).toMatchObject({ state: "in_progress", retryAfterSeconds: expect.any(Number) });
    release();
    expect(await slow).toMatchObject({ state: "fresh", value: 1 });

    const failed = await runIdempotent({
      store,
      scope,
      key: "k9",
      args: {},
      execute: async () => ({ final: false, value: "try again" }),
    });
    expect(failed).toMatchObject({ state: "fresh", stored: false });
    await expect(
      runIdempotent({
        store,
        scope,
        key: "k9",
        args: {},
        execute: async () => {
          throw new Error("boom");
        },
      }),
    ).rejects.toThrow("boom");
    expect(
      await runIdempotent({
        store,
        scope,
        key: "k9",
        args: {},
        execute: async () => ({ final: true, value: "done" }),
      }),
    ).toMatchObject({ state: "fresh", value: "done" });
    expect(
      await runIdempotent({
        store,
        scope,
        key: "k9",
        args: {},
        execute: async () => ({ final: true, value: "again" }),
      }),
    ).toMatchObject({ state: "replayed", value: "done" });
    expect(
      await runIdempotent({
        store,
        scope,
        key: "k9",
        args: { other: 1 },
        execute: async () => ({ final: true, value: "x" }),
      }),
    ).toEqual({ state: "key_reused" });
  });
}
