/** The behaviour every IdempotencyStore must have; run against SQLite and PostgreSQL. */
import { randomUUID } from "node:crypto";
import {
  localDatabase,
  ToolFailure,
  type EffectContext,
  type IdempotencyStore,
} from "../../src/server/index.ts";
import { purgeInBatches } from "../../src/server/stores/index.ts";
import { createDraftStore, draftTakeAlong } from "../../src/server/stores/draft-store.ts";
import { runIdempotent } from "../../src/server/idempotency/index.ts";
import { fingerprint } from "../../src/server/idempotency/fingerprint.ts";
import {
  effectKeyOf,
  recordsOf,
  type ClaimResult,
  type RecordStore,
} from "../../src/server/idempotency/store.ts";

const T0 = 1_900_000_000_000;
const base = { fingerprint: "fp-a", now: T0, ttlMs: 60_000, leaseMs: 5_000 };

type Claimed = Extract<ClaimResult, { state: "claimed" }>;
function claimed(result: ClaimResult): Claimed {
  if (result.state !== "claimed") throw new Error(`expected a claim, got ${result.state}`);
  return result;
}

/** Registers the shared store tests; `open` returns a fresh store (its records may be shared). */
export function storeContract(open: () => Promise<IdempotencyStore>): void {
  let store: RecordStore;
  let scope: string;
  beforeAll(async () => {
    store = recordsOf(await open());
    await store.init();
    await store.init(); // twice: init is idempotent
  });
  afterAll(() => store.close());
  beforeEach(() => {
    scope = `scope-${randomUUID()}`;
  });

  it("claims a key once; a repeat sees it in progress, then completed; other arguments are a mismatch", async () => {
    const first = claimed(await store.claim({ ...base, scope, key: "k1" }));
    expect(first).toMatchObject({ attempt: 1, recovered: false });
    expect(first.effectKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.claim({ ...base, scope, key: "k1", now: T0 + 10 })).toEqual({
      state: "in_progress",
      lockedUntil: T0 + 5_000,
    });
    expect(
      await store.complete({ scope, key: "k1", token: first.token }, { body: '{"n":1}' }),
    ).toBe(true);
    expect(await store.claim({ ...base, scope, key: "k1", now: T0 + 20 })).toEqual({
      state: "completed",
      response: { body: '{"n":1}' },
      inDoubt: false,
    });
    expect(await store.claim({ ...base, scope, key: "k1", fingerprint: "fp-b" })).toEqual({
      state: "mismatch",
    });
    // Another scope is another caller: the same key is free there, with its own effect key.
    const other = claimed(await store.claim({ ...base, scope: `${scope}-other`, key: "k1" }));
    expect(other.effectKey).not.toBe(first.effectKey);
  });

  it("a reopened record stays bound: other arguments are a mismatch, the same ones claim it again under the same effect key", async () => {
    const first = claimed(await store.claim({ ...base, scope, key: "k2" }));
    expect(
      await store.reopen({ scope, key: "k2", token: first.token }, { body: '"timeout"' }),
    ).toBe(true);
    expect(
      await store.claim({ ...base, scope, key: "k2", fingerprint: "fp-b", now: T0 + 1 }),
    ).toEqual({ state: "mismatch" });
    const again = claimed(await store.claim({ ...base, scope, key: "k2", now: T0 + 2 }));
    expect(again).toMatchObject({ effectKey: first.effectKey, attempt: 2, recovered: true });
    // Reopened without an answer (the side effect threw): the same again.
    await store.reopen({ scope, key: "k2", token: again.token });
    const third = claimed(await store.claim({ ...base, scope, key: "k2", now: T0 + 3 }));
    expect(third).toMatchObject({ effectKey: first.effectKey, attempt: 3 });
    // A settled claim cannot be settled again by its old token.
    expect(await store.complete({ scope, key: "k2", token: first.token }, { body: "{}" })).toBe(
      false,
    );
  });

  it("peekKey tells a record that ended retryable with its answer as retryable (in doubt or not), never as running", async () => {
    const first = claimed(await store.claim({ ...base, scope, key: "k-peek" }));
    const handle = { scope, key: "k-peek", token: first.token };
    expect(await store.peekKey(scope, "k-peek")).toEqual({
      state: "in_progress",
      lockedUntil: T0 + 5_000,
    });
    expect(await store.capture(handle, '{"token":"t"}')).toBe(true);
    expect(await store.reopen(handle, { body: '"down"' })).toBe(true);
    expect(await store.peekKey(scope, "k-peek")).toEqual({
      state: "retryable",
      response: { body: '"down"' },
      inDoubt: false,
    });
    const again = claimed(await store.claim({ ...base, scope, key: "k-peek", now: T0 + 1 }));
    await store.reopen({ scope, key: "k-peek", token: again.token }, { body: '"lost"' }, true);
    expect(await store.peekKey(scope, "k-peek")).toMatchObject({
      state: "retryable",
      inDoubt: true,
    });
    // Nothing captured, nothing done: no record worth telling.
    const idle = claimed(await store.claim({ ...base, scope, key: "k-peek-idle" }));
    await store.reopen({ scope, key: "k-peek-idle", token: idle.token }, { body: '"down"' });
    expect(await store.peekKey(scope, "k-peek-idle")).toEqual({ state: "absent" });
  });

  it("recovers a stale claim exactly once under the same effect key; the crashed owner can no longer settle it; other arguments stay refused", async () => {
    const crashed = claimed(await store.claim({ ...base, scope, key: "k3" }));
    const later = { ...base, scope, key: "k3", now: T0 + 5_001 };
    expect(await store.claim({ ...later, fingerprint: "fp-b" })).toEqual({ state: "mismatch" });
    const recoveries = await Promise.all(Array.from({ length: 10 }, () => store.claim(later)));
    expect(recoveries.filter((r) => r.state === "claimed")).toEqual([
      expect.objectContaining({ recovered: true, attempt: 2, effectKey: crashed.effectKey }),
    ]);
    const handle = { scope, key: "k3", token: crashed.token };
    expect(await store.complete(handle, { body: "{}" })).toBe(false);
    expect(await store.reopen(handle)).toBe(false);
  });

  it("forgets a record after its time to live — a new record with a new effect key, whatever the arguments — and purges expired ones", async () => {
    const first = claimed(await store.claim({ ...base, scope, key: "k4" }));
    await store.complete({ scope, key: "k4", token: first.token }, { body: "{}" });
    const renewed = claimed(
      await store.claim({ ...base, scope, key: "k4", fingerprint: "fp-other", now: T0 + 60_001 }),
    );
    expect(renewed).toMatchObject({ attempt: 1, recovered: false });
    expect(renewed.effectKey).not.toBe(first.effectKey);
    // A reopened record expires too, and the same arguments then start afresh.
    const open5 = claimed(await store.claim({ ...base, scope, key: "k5" }));
    await store.reopen({ scope, key: "k5", token: open5.token });
    const fresh5 = claimed(await store.claim({ ...base, scope, key: "k5", now: T0 + 60_000 }));
    expect(fresh5).toMatchObject({ attempt: 1 });
    expect(fresh5.effectKey).not.toBe(open5.effectKey);
    const old = await store.claim({ ...base, scope, key: "k5b", now: T0 - 120_000 });
    expect(old.state).toBe("claimed");
    expect(await store.purgeExpired(T0)).toBeGreaterThanOrEqual(1);
  });

  it("keeps captured claims with the record: every later attempt (retry, takeover) gets them back, in doubt; doubt is sticky; a taken-over claim cannot capture", async () => {
    const first = claimed(await store.claim({ ...base, scope, key: "c1" }));
    expect(first).toMatchObject({ captured: undefined, inDoubt: false });
    const handle = { scope, key: "c1", token: first.token };
    expect(await store.capture(handle, '{"total":"62.64"}')).toBe(true);
    expect(await store.capture(handle, '{"total":"1.00"}')).toBe(false); // captured once
    // A crash after capturing: the takeover finishes the same effect from the same claims.
    const taken = claimed(await store.claim({ ...base, scope, key: "c1", now: T0 + 5_001 }));
    expect(taken).toMatchObject({
      effectKey: first.effectKey,
      captured: '{"total":"62.64"}',
      inDoubt: true,
    });
    expect(await store.capture(handle, "{}")).toBe(false);
    // A clean retryable failure after that keeps the doubt the claim reported.
    await store.reopen({ scope, key: "c1", token: taken.token }, { body: '"503"' }, taken.inDoubt);
    const again = claimed(await store.claim({ ...base, scope, key: "c1", now: T0 + 5_002 }));
    expect(again).toMatchObject({ captured: '{"total":"62.64"}', inDoubt: true, attempt: 3 });
    await store.complete({ scope, key: "c1", token: again.token }, { body: '"order"' }, true);
    expect(await store.claim({ ...base, scope, key: "c1", now: T0 + 5_003 })).toEqual({
      state: "completed",
      response: { body: '"order"' },
      inDoubt: true,
    });
  });

  it("claimFresh takes a free key with its claims captured in one write, as claim + capture would; any record under the key, or another key's record of the subject, is left alone", async () => {
    const token = await store.claimFresh!({ ...base, scope, key: "f1", subject: "s1" }, '{"t":1}');
    expect(token).toEqual(expect.any(String));
    const handle = { scope, key: "f1", token: token! };
    expect(await store.capture(handle, '{"t":2}')).toBe(false); // captured once
    // Running: the key and the subject are held, whoever asks.
    expect(await store.claimFresh!({ ...base, scope, key: "f1" }, "{}")).toBeUndefined();
    expect(
      await store.claimFresh!({ ...base, scope, key: "f2", subject: "s1" }, "{}"),
    ).toBeUndefined();
    expect(await store.claim({ ...base, scope, key: "f2", subject: "s1" })).toMatchObject({
      state: "in_progress",
    });
    // A crash after it: the takeover finishes the same record from the same claims, in doubt.
    const taken = claimed(await store.claim({ ...base, scope, key: "f1", now: T0 + 5_001 }));
    expect(taken).toMatchObject({
      effectKey: effectKeyOf(scope, "f1", "fp-a", T0),
      attempt: 2,
      captured: '{"t":1}',
      inDoubt: true,
    });
    // A finished record, even one past its time to live, is not taken by claimFresh either.
    await store.complete({ scope, key: "f1", token: taken.token }, { body: '"done"' }, true);
    expect(
      await store.claimFresh!({ ...base, scope, key: "f1", now: T0 + 120_000 }, "{}"),
    ).toBeUndefined();
    expect(await store.claim({ ...base, scope, key: "f1", now: T0 + 10 })).toEqual({
      state: "completed",
      response: { body: '"done"' },
      inDoubt: true,
    });
  });

  it("claimFreshWith takes a draft, claims a free key and captures the draft in one write; a key or subject held, or a draft not free, leaves all of it as it was", async () => {
    const drafts = createDraftStore<{ to: string }>(store, {
      name: "contract_drafts",
      ttlMs: 60_000,
      now: () => T0,
    });
    const along = async (draftId: string, key: string) =>
      (await draftTakeAlong(drafts, scope, draftId, effectKeyOf(scope, key, "fp-a", T0), T0, {
        write: "send_transfer",
      }))!;
    const first = (await drafts.put(scope, { to: "c-1" })).draft_id;
    const fresh = await store.claimFreshWith!(
      { ...base, scope, key: "a1", subject: "s1" },
      await along(first, "a1"),
    );
    expect(fresh).toEqual({ token: expect.any(String), captured: expect.any(String) });
    expect(JSON.parse(fresh!.captured)).toEqual({
      write: "send_transfer",
      draft_id: first,
      draft: { to: "c-1" },
    });
    // The draft is taken by the record's effect key, and the record runs with it captured.
    expect(await drafts.use(scope, first, "another-use")).toEqual({
      state: "used",
      result: undefined,
    });
    expect(await store.capture({ scope, key: "a1", token: fresh!.token }, "{}")).toBe(false);
    expect(await store.claim({ ...base, scope, key: "a1" })).toMatchObject({
      state: "in_progress",
    });
    // The key held, the subject held, the draft used: nothing is written, the take included.
    const second = (await drafts.put(scope, { to: "c-2" })).draft_id;
    for (const [key, subject] of [
      ["a1", "s2"],
      ["a2", "s1"],
    ] as const)
      expect(
        await store.claimFreshWith!({ ...base, scope, key, subject }, await along(second, key)),
      ).toBeUndefined();
    expect(
      await store.claimFreshWith!({ ...base, scope, key: "a3" }, await along(first, "a3")),
    ).toBeUndefined();
    expect(claimed(await store.claim({ ...base, scope, key: "a3" }))).toMatchObject({
      attempt: 1,
      captured: undefined,
    });
    expect(await drafts.use(scope, second, "its-own-use")).toEqual({
      state: "taken",
      draft: { to: "c-2" },
    });
  });

  it("runIdempotent judgeFirst: a fresh key is claimed with its capture in one write; on an existing record the effect runs again on that record's terms and only that run's answer counts", async () => {
    const seen: Array<Pick<EffectContext, "effectKey" | "attempt" | "captured" | "inDoubt">> = [];
    const claims = vi.spyOn(store, "claim");
    const run = (fault: "unavailable" | "none") =>
      runIdempotent<string, { total: number }>({
        store,
        scope,
        key: "j1",
        args: { draft: 1 },
        now: () => T0,
        deferClaimFlush: true,
        judgeFirst: true,
        execute: async (effect) => {
          const { effectKey, attempt, captured, inDoubt } = effect;
          seen.push({ effectKey, attempt, captured, inDoubt });
          if (!effect.captured) await effect.capture({ total: 7 });
          return fault === "unavailable"
            ? { final: false, value: "try again", inDoubt: true }
            : { final: true, value: `charged ${effect.effectKey}` };
        },
      });
    try {
      expect(await run("unavailable")).toMatchObject({ state: "fresh", stored: false });
      expect(claims).not.toHaveBeenCalled(); // one write: claimFresh with the capture
      const effectKey = effectKeyOf(scope, "j1", fingerprint({ draft: 1 }), T0);
      // The retry runs first on a fresh record's terms, meets the record, and runs again on
      // its terms: its captured claims, its effect key, in doubt.
      expect(await run("none")).toMatchObject({
        state: "fresh",
        value: `charged ${effectKey}`,
        recovered: true,
        stored: true,
        inDoubt: true,
      });
      expect(seen.slice(1)).toEqual([
        { effectKey, attempt: 1, captured: undefined, inDoubt: false },
        { effectKey, attempt: 2, captured: { total: 7 }, inDoubt: true },
      ]);
      expect(await run("none")).toMatchObject({ state: "replayed", value: `charged ${effectKey}` });
    } finally {
      claims.mockRestore();
    }
  });

  it("never expires or purges an unfinished in-doubt record with captured claims; a finished one expires as any", async () => {
    const first = claimed(await store.claim({ ...base, scope, key: "c2" }));
    await store.capture({ scope, key: "c2", token: first.token }, '{"n":1}');
    await store.reopen({ scope, key: "c2", token: first.token }, undefined, true);
    const late = T0 + 10 * 60_000;
    await store.purgeExpired(late);
    expect(
      await store.claim({ ...base, scope, key: "c2", fingerprint: "fp-b", now: late }),
    ).toEqual({ state: "mismatch" });
    const retry = claimed(await store.claim({ ...base, scope, key: "c2", now: late }));
    expect(retry).toMatchObject({ effectKey: first.effectKey, captured: '{"n":1}', inDoubt: true });
    await store.complete({ scope, key: "c2", token: retry.token }, { body: "1" }, true);
    const renewed = claimed(
      await store.claim({ ...base, scope, key: "c2", fingerprint: "fp-b", now: late + 60_001 }),
    );
    expect(renewed).toMatchObject({ attempt: 1, captured: undefined, inDoubt: false });
    // A claim that captured and then crashed (its lease ran out) is in doubt: kept too.
    const crashed = claimed(await store.claim({ ...base, scope, key: "c3" }));
    await store.capture({ scope, key: "c3", token: crashed.token }, '{"n":3}');
    await store.purgeExpired(late);
    expect(await store.claim({ ...base, scope, key: "c3", now: late })).toMatchObject({
      state: "claimed",
      effectKey: crashed.effectKey,
      captured: '{"n":3}',
    });
    // Captured, then a clean failure (nothing left the process): not in doubt, so it expires.
    const clean = claimed(await store.claim({ ...base, scope, key: "c4" }));
    await store.capture({ scope, key: "c4", token: clean.token }, '{"n":4}');
    await store.reopen({ scope, key: "c4", token: clean.token }, undefined, false);
    expect(
      await store.claim({ ...base, scope, key: "c4", fingerprint: "fp-b", now: late }),
    ).toMatchObject({ state: "claimed", attempt: 1, captured: undefined, inDoubt: false });
  });

  it("never expires a claim whose lease still runs, even past its time to live", async () => {
    const long = { ...base, scope, key: "k6", ttlMs: 1_000, leaseMs: 10_000 };
    const running = claimed(await store.claim(long));
    expect(await store.claim({ ...long, fingerprint: "fp-b", now: T0 + 2_000 })).toMatchObject({
      state: expect.stringMatching(/^(mismatch|in_progress)$/),
    });
    await store.purgeExpired(T0 + 2_000);
    expect(await store.complete({ scope, key: "k6", token: running.token }, { body: "1" })).toBe(
      true,
    );
  });

  it("a claim whose flush is deferred binds its key like any other", async () => {
    const deferred = claimed(await store.claim({ ...base, scope, key: "d1", deferFlush: true }));
    expect(await store.claim({ ...base, scope, key: "d1", fingerprint: "fp-b" })).toEqual({
      state: "mismatch",
    });
    expect(await store.claim({ ...base, scope, key: "d1", deferFlush: true })).toMatchObject({
      state: "in_progress",
    });
    expect(await store.complete({ scope, key: "d1", token: deferred.token }, { body: "1" })).toBe(
      true,
    );
  });

  it("purges expired records in bounded batches, several purgers at once sharing the work, never an unfinished in-doubt one", async () => {
    // Its own clock era, so no other test's records are due.
    const era = T0 + 400 * 86_400_000;
    const old = { ...base, scope, now: era - 120_000 };
    for (let i = 0; i < 30; i++) await store.claim({ ...old, key: `p${i}`, leaseMs: 1 });
    const owed = claimed(await store.claim({ ...old, key: "p-owed" }));
    await store.capture({ scope, key: "p-owed", token: owed.token }, "{}");
    await store.reopen({ scope, key: "p-owed", token: owed.token }, undefined, true);
    const purge = (limit: number) => store.purgeExpired(era, limit);
    expect(await purge(7)).toBe(7);
    const [a, b, c] = await Promise.all([
      purgeInBatches(purge, { limit: 4 }),
      purgeInBatches(purge, { limit: 4 }),
      purgeInBatches(purge, { limit: 4 }),
    ]);
    // The table is shared with other tests' records (all due by now): at least these 23 went,
    // and nothing due is left.
    expect(a! + b! + c!).toBeGreaterThanOrEqual(23);
    expect(await purge(100)).toBe(0);
    expect(await store.claim({ ...base, scope, key: "p-owed", now: era })).toMatchObject({
      state: "claimed",
      captured: "{}",
    });
  });

  it("gives exactly one of 50 concurrent claims the key", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => store.claim({ ...base, scope, key: "k7" })),
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
          key: "k8",
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

  it("runIdempotent: in_progress after the wait", async () => {
    let release!: () => void;
    const slow = runIdempotent<number>({
      store,
      scope,
      key: "k9",
      args: {},
      execute: () =>
        new Promise((resolve) => (release = () => resolve({ final: true as const, value: 1 }))),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const busy = await runIdempotent({
      store,
      scope,
      key: "k9",
      args: {},
      timing: { waitMs: 30 },
      execute: async () => ({ final: true, value: 2 }),
    });
    expect(busy).toMatchObject({ state: "in_progress", retryAfterSeconds: expect.any(Number) });
    release();
    expect(await slow).toMatchObject({ state: "fresh", value: 1 });
  });

  it("runIdempotent: after a retryable failure and after a throw the key stays bound; the same arguments run again under the same effect key", async () => {
    const seen: EffectContext[] = [];
    const run = (args: unknown, result: () => Promise<{ final: boolean; value: string }>) =>
      runIdempotent({
        store,
        scope,
        key: "k10",
        args,
        execute: (effect) => {
          seen.push(effect);
          return result();
        },
      });
    expect(
      await run({ draft: 1 }, async () => ({ final: false, value: "try again" })),
    ).toMatchObject({ state: "fresh", stored: false, recovered: false });
    expect(await run({ draft: 2 }, async () => ({ final: true, value: "x" }))).toEqual({
      state: "key_reused",
    });
    await expect(
      run({ draft: 1 }, async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await run({ draft: 2 }, async () => ({ final: true, value: "x" }))).toEqual({
      state: "key_reused",
    });
    expect(await run({ draft: 1 }, async () => ({ final: true, value: "done" }))).toMatchObject({
      state: "fresh",
      value: "done",
      recovered: true,
      stored: true,
    });
    expect(await run({ draft: 1 }, async () => ({ final: true, value: "again" }))).toMatchObject({
      state: "replayed",
      value: "done",
    });
    expect(await run({ draft: 2 }, async () => ({ final: true, value: "x" }))).toEqual({
      state: "key_reused",
    });
    expect(seen.map((effect) => effect.attempt)).toEqual([1, 2, 3]);
    expect(new Set(seen.map((effect) => effect.effectKey)).size).toBe(1);
  });

  describe("local writes commit with the record", () => {
    let table: ReturnType<typeof localDatabase> | undefined;
    // One per store: once ready, its statements reach the database at once (no schema wait).
    const rows = () =>
      (table ??= localDatabase(store, [
        "CREATE TABLE IF NOT EXISTS contract_local_rows (id TEXT PRIMARY KEY, scope TEXT NOT NULL)",
      ]));
    const has = async (id: string) =>
      (await rows().query("SELECT id FROM contract_local_rows WHERE id = :id", { id })).rows
        .length === 1;
    const insert = (id: string) => async (tx: { query: ReturnType<typeof rows>["query"] }) => {
      await tx.query("INSERT INTO contract_local_rows (id, scope) VALUES (:id, :scope)", {
        id,
        scope,
      });
    };

    it("an app's row and the record's completion commit together; a lost claim commits neither", async () => {
      await rows().ready();
      const first = claimed(await store.claim({ ...base, scope, key: "l1" }));
      const id = `row-${randomUUID()}`;
      expect(
        await store.complete(
          { scope, key: "l1", token: first.token },
          { body: "1" },
          false,
          insert(id),
        ),
      ).toBe(true);
      expect(await has(id)).toBe(true);
      // Taken over after its lease: the old owner's completion and its row are both refused.
      const stale = claimed(await store.claim({ ...base, scope, key: "l2" }));
      claimed(await store.claim({ ...base, scope, key: "l2", now: T0 + 5_001 }));
      const lost = `row-${randomUUID()}`;
      expect(
        await store.complete(
          { scope, key: "l2", token: stale.token },
          { body: "1" },
          false,
          insert(lost),
        ),
      ).toBe(false);
      expect(await has(lost)).toBe(false);
    });

    it("a local write's values and the completion's answer arrive as they were sent, quotes, backslashes and placeholders included", async () => {
      await rows().ready();
      const claim = claimed(await store.claim({ ...base, scope, key: "l3" }));
      const id = `row-'); DROP TABLE contract_local_rows; -- \\ $1 :scope ${randomUUID()}`;
      const body = JSON.stringify({ text: 'O\'Brien said \\"hi\\" $2 :key \u0000' });
      expect(
        await store.complete({ scope, key: "l3", token: claim.token }, { body }, false, insert(id)),
      ).toBe(true);
      expect(await has(id)).toBe(true);
      const replay = await store.claim({ ...base, scope, key: "l3" });
      expect(replay).toMatchObject({ state: "completed", response: { body } });
    });

    it("runIdempotent: a local write that fails rolls back, answers DATABASE_UNAVAILABLE with nothing changed, and the retry commits it once", async () => {
      await rows().ready();
      const id = `row-${randomUUID()}`;
      let fail = true;
      const run = () =>
        runIdempotent({
          store,
          scope,
          key: "l3",
          args: { id },
          execute: async () => ({
            final: true,
            value: id,
            local: async (tx) => {
              await insert(id)(tx);
              if (fail) throw new Error("constraint broke after the insert");
            },
          }),
        });
      const thrown = await run().catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(ToolFailure);
      expect((thrown as ToolFailure).error).toMatchObject({
        code: "DATABASE_UNAVAILABLE",
        changes: "none",
      });
      expect(await has(id)).toBe(false);
      fail = false;
      expect(await run()).toMatchObject({ state: "fresh", stored: true, recovered: true });
      expect(await run()).toMatchObject({ state: "replayed", value: id });
      expect(await has(id)).toBe(true);
    });

    it("runIdempotent judgeFirst: a local effect's claim, row and completion commit as one transaction; a failed one writes nothing and is answered on the record's terms; a held key runs again on its terms", async () => {
      await rows().ready();
      let fail = true;
      const seen: number[] = [];
      const claims = vi.spyOn(store, "claim");
      const run = (key: string, id: string) =>
        runIdempotent({
          store,
          scope,
          key,
          args: { id },
          deferClaimFlush: true,
          judgeFirst: true,
          execute: async (effect) => {
            seen.push(effect.attempt);
            return {
              final: true,
              value: id,
              local: async (tx) => {
                await insert(id)(tx);
                if (fail) throw new Error("constraint broke after the insert");
              },
            };
          },
        });
      try {
        // A fresh key: one transaction, no claim of its own.
        fail = false;
        const fresh = `row-${randomUUID()}`;
        expect(await run("lj1", fresh)).toMatchObject({ state: "fresh", stored: true });
        expect(claims).not.toHaveBeenCalled();
        expect(await has(fresh)).toBe(true);
        expect(await run("lj1", fresh)).toMatchObject({ state: "replayed", value: fresh });
        expect(seen).toEqual([1, 1]); // the replay's run before the claim, dropped
        // A failing write: the one transaction wrote nothing, and the runner claimed and ran
        // it again, answering as a claimed run does.
        fail = true;
        seen.length = 0;
        const id = `row-${randomUUID()}`;
        const thrown = await run("lj2", id).catch((error: unknown) => error);
        expect((thrown as ToolFailure).error).toMatchObject({
          code: "DATABASE_UNAVAILABLE",
          changes: "none",
        });
        expect(await has(id)).toBe(false);
        expect(seen).toEqual([1, 1]);
        // Its retry meets the reopened record: run again as that record's second attempt.
        fail = false;
        seen.length = 0;
        expect(await run("lj2", id)).toMatchObject({ state: "fresh", recovered: true });
        expect(seen).toEqual([1, 2]);
        expect(await has(id)).toBe(true);
      } finally {
        claims.mockRestore();
      }
    });

    it("keeps other statements of the process out of an open transaction", async () => {
      await rows().ready();
      const [inside, outside] = [`row-${randomUUID()}`, `row-${randomUUID()}`];
      const first = claimed(await store.claim({ ...base, scope, key: "l4" }));
      let entered!: () => void;
      const opened = new Promise<void>((resolve) => (entered = resolve));
      let resume!: () => void;
      const held = new Promise<void>((resolve) => (resume = resolve));
      const completing = store.complete(
        { scope, key: "l4", token: first.token },
        { body: "1" },
        false,
        async (tx) => {
          await insert(inside)(tx);
          entered();
          await held;
          throw new Error("roll it back");
        },
      );
      await opened;
      const other = insert(outside)(rows());
      resume();
      await expect(completing).rejects.toThrow("roll it back");
      await other;
      expect(await has(inside)).toBe(false);
      expect(await has(outside)).toBe(true);
    });
  });

  it("runIdempotent: after expiry the same key starts a new request with a new effect key", async () => {
    let clock = T0;
    const effects: string[] = [];
    const run = (args: unknown) =>
      runIdempotent({
        store,
        scope,
        key: "k11",
        args,
        now: () => clock,
        timing: { ttlMs: 2_000 },
        execute: async ({ effectKey }) => {
          effects.push(effectKey);
          return { final: true, value: effectKey };
        },
      });
    expect(await run({ draft: 1 })).toMatchObject({ state: "fresh" });
    clock += 1_000;
    expect(await run({ draft: 2 })).toEqual({ state: "key_reused" });
    clock += 1_500;
    expect(await run({ draft: 2 })).toMatchObject({ state: "fresh", value: effects[1] });
    expect(effects).toHaveLength(2);
    expect(effects[0]).not.toBe(effects[1]);
  });
}

/** Runs raw SQL on the database under test (to lay out a table the way an earlier version did). */
export type RawSql = (text: string, params?: unknown[]) => Promise<void>;

/**
 * The table as the store before effect keys wrote it (2ca3c05): no `effect_key`, no
 * `attempts`, a retryable failure deleted its row. Placeholders are `$n` (PostgreSQL style);
 * SQLite's `raw` maps them.
 */
const OLD_LAYOUT = (table: string) => `CREATE TABLE ${table} (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status TEXT NOT NULL,
  token TEXT NOT NULL, locked_at BIGINT NOT NULL, lease_ms INTEGER NOT NULL, response TEXT,
  created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (scope, key))`;

/**
 * A store opened on a table written by the earlier layout reads its rows correctly: a
 * completed record replays and stays bound; a crashed claim is taken over after its lease
 * under an effect key derived from the row; new claims work.
 */
export function legacyLayoutContract(
  table: string,
  raw: RawSql,
  open: () => Promise<IdempotencyStore>,
): void {
  it("reads records an earlier layout wrote (no effect_key, no attempts) and upgrades the table", async () => {
    await raw(`DROP TABLE IF EXISTS ${table}`);
    await raw(OLD_LAYOUT(table));
    const insert = `INSERT INTO ${table} (scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`;
    await raw(insert, [
      "s",
      "done",
      "fp-a",
      "completed",
      "t1",
      T0,
      5_000,
      '{"order":"o1"}',
      T0,
      T0 + 60_000,
    ]);
    await raw(insert, ["s", "crashed", "fp-a", "pending", "t2", T0, 5_000, null, T0, T0 + 60_000]);
    const store = recordsOf(await open());
    try {
      await store.init();
      const later = { ...base, scope: "s", now: T0 + 10_000 };
      expect(await store.claim({ ...later, key: "done" })).toEqual({
        state: "completed",
        response: { body: '{"order":"o1"}' },
        inDoubt: false,
      });
      expect(await store.claim({ ...later, key: "done", fingerprint: "fp-b" })).toEqual({
        state: "mismatch",
      });
      expect(await store.claim({ ...later, key: "crashed", fingerprint: "fp-b" })).toEqual({
        state: "mismatch",
      });
      const recovered = claimed(await store.claim({ ...later, key: "crashed" }));
      expect(recovered).toMatchObject({
        attempt: 2,
        recovered: true,
        effectKey: effectKeyOf("s", "crashed", "fp-a", T0),
      });
      expect(
        await store.complete({ scope: "s", key: "crashed", token: recovered.token }, { body: "1" }),
      ).toBe(true);
      const fresh = claimed(await store.claim({ ...later, key: "new" }));
      expect(fresh).toMatchObject({
        attempt: 1,
        effectKey: effectKeyOf("s", "new", "fp-a", T0 + 10_000),
      });
    } finally {
      await store.close();
    }
  });
}
