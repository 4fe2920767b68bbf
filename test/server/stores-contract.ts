/** The draft store and the rate limiter on one kit store; run against SQLite and PostgreSQL. */
import { randomUUID } from "node:crypto";
import {
  createDraftStore,
  createRateLimiter,
  rateLimitFailure,
  toToolError,
  silentLogger,
  type IdempotencyStore,
} from "../../src/server/index.ts";

const T0 = 1_900_000_000_000;
const DAY = 86_400_000;

/**
 * Registers the tests; `open` returns a store on the database under test, and each call is
 * another "process" on the same database.
 */
export function sharedStoreContract(open: () => IdempotencyStore): void {
  const stores: IdempotencyStore[] = [];
  const opened = () => {
    const store = open();
    stores.push(store);
    return store;
  };
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  let name: string;
  beforeEach(() => {
    name = `t_${randomUUID().replaceAll("-", "")}`;
  });

  describe("createDraftStore", () => {
    it("puts a draft any process can read back for its owner until it expires; another owner sees nothing", async () => {
      let clock = T0;
      const options = { name, ttlMs: 60_000, now: () => clock };
      const here = createDraftStore<{ flight: string; seats: number }>(opened(), options);
      const there = createDraftStore<{ flight: string; seats: number }>(opened(), options);
      const put = await here.put("user:a", { flight: "f-102", seats: 2 });
      expect(put.draft_id).toMatch(/^drf_[0-9a-f]{32}$/);
      expect(put.expires_at).toBe(new Date(T0 + 60_000).toISOString());
      expect(await there.get("user:a", put.draft_id)).toEqual({
        state: "found",
        draft: { flight: "f-102", seats: 2 },
        expires_at: put.expires_at,
      });
      expect(await there.get("user:b", put.draft_id)).toEqual({ state: "missing" });
      expect(await there.delete("user:b", put.draft_id)).toBe(false);
      // Another app's drafts are another name: never found here.
      expect(
        await createDraftStore(opened(), { ...options, name: `${name}_x` }).get(
          "user:a",
          put.draft_id,
        ),
      ).toEqual({ state: "missing" });
      clock = T0 + 60_000;
      expect(await there.get("user:a", put.draft_id)).toEqual({ state: "expired" });
      await here.put("user:a", { flight: "f-103", seats: 1 });
      clock = T0 + 120_000;
      expect(await here.purgeExpired(1)).toBe(1);
      expect(await here.purgeExpired(1)).toBe(1);
      expect(await here.purgeExpired(1)).toBe(0);
      expect(await there.get("user:a", put.draft_id)).toEqual({ state: "missing" });
    });

    it("deletes a draft for its owner only, and reads any untrusted id as missing", async () => {
      const drafts = createDraftStore<string>(opened(), { name, ttlMs: 60_000 });
      const { draft_id } = await drafts.put("user:a", "x");
      for (const id of ["", "drf_", "drf_zz", `${draft_id}'; DROP TABLE x; --`, "a".repeat(10_000)])
        expect(await drafts.get("user:a", id)).toEqual({ state: "missing" });
      expect(await drafts.delete("user:a", draft_id)).toBe(true);
      expect(await drafts.get("user:a", draft_id)).toEqual({ state: "missing" });
    });

    it("is single-use: of 20 concurrent uses under different keys one takes it; its retry takes it again, even expired; the others are told the first result", async () => {
      let clock = T0;
      const options = { name, ttlMs: 60_000, now: () => clock };
      const [here, there] = [
        createDraftStore<string>(opened(), options),
        createDraftStore<string>(opened(), options),
      ];
      const { draft_id } = await here.put("user:a", "send me once");
      const uses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? here : there).use("user:a", draft_id, `effect-${i}`),
        ),
      );
      const taken = uses.flatMap((use, i) => (use.state === "taken" ? [i] : []));
      expect(taken).toHaveLength(1);
      expect(uses[taken[0]!]).toEqual({ state: "taken", draft: "send me once" });
      // Unfinished: another key learns it is used, not what came of it yet.
      expect(uses.filter((use) => use.state === "used")).toHaveLength(19);
      expect(uses.find((use) => use.state === "used")).toEqual({
        state: "used",
        result: undefined,
      });
      const first = `effect-${taken[0]}`;
      expect(await here.recordUse("user:a", draft_id, "effect-other", { id: "x" })).toBe(false);
      expect(await here.recordUse("user:a", draft_id, first, { reply_id: "rp_1" })).toBe(true);
      expect(await there.use("user:a", draft_id, "effect-late")).toEqual({
        state: "used",
        result: { reply_id: "rp_1" },
      });
      clock = T0 + 60_000; // expired: the first use's retry still holds it
      expect(await there.use("user:a", draft_id, first)).toEqual({
        state: "taken",
        draft: "send me once",
      });
      expect(await there.use("user:b", draft_id, first)).toEqual({ state: "missing" });
      const { draft_id: late } = await here.put("user:a", "late");
      clock += 60_000;
      expect(await here.use("user:a", late, "effect-0")).toEqual({ state: "expired" });
      expect(await here.use("user:a", "drf_not-a-draft", "effect-0")).toEqual({ state: "missing" });
    });

    it("with a thing, takes one of 20 concurrent drafts of one thing; the others are thing_used, told the first's result; other scopes and things never meet", async () => {
      let clock = T0;
      const options = { name, ttlMs: 60_000, now: () => clock };
      const thing = { thing: (draft: { event: string }) => `event:${draft.event}` };
      const [here, there] = [
        createDraftStore<{ event: string }>(opened(), options),
        createDraftStore<{ event: string }>(opened(), options),
      ];
      const ids = await Promise.all(
        Array.from(
          { length: 20 },
          async () => (await here.put("user:a", { event: "e1" })).draft_id,
        ),
      );
      const uses = await Promise.all(
        ids.map((id, i) => (i % 2 ? here : there).use("user:a", id, `effect-${i}`, thing)),
      );
      const taken = uses.flatMap((use, i) => (use.state === "taken" ? [i] : []));
      expect(taken).toHaveLength(1);
      expect(uses.filter((use) => use.state === "thing_used")).toHaveLength(19);
      expect(uses.find((use) => use.state === "thing_used")).toEqual({
        state: "thing_used",
        result: undefined,
      });
      const first = taken[0]!;
      expect(await here.recordUse("user:a", ids[first]!, `effect-${first}`, { id: "c1" })).toBe(
        true,
      );
      const loser = ids[(first + 1) % 20]!;
      expect(await there.use("user:a", loser, "effect-late", thing)).toEqual({
        state: "thing_used",
        result: { id: "c1" },
      });
      // The holder's own retry still takes its draft; another scope's and another thing's
      // drafts are their own.
      const retry = await there.use("user:a", ids[first]!, `effect-${first}`, thing);
      expect(retry.state).toBe("taken");
      const bob = await here.put("user:b", { event: "e1" });
      expect((await here.use("user:b", bob.draft_id, "effect-bob", thing)).state).toBe("taken");
      const other = await here.put("user:a", { event: "e2" });
      expect((await here.use("user:a", other.draft_id, "effect-e2", thing)).state).toBe("taken");
      // The holder expired, a draft of its thing put later is still open: the purge keeps
      // the holder one draft lifetime longer, so that draft stays refused.
      clock = T0 + 30_000;
      const open = await here.put("user:a", { event: "e1" });
      clock = T0 + 60_000;
      await here.purgeExpired();
      expect(await there.use("user:a", open.draft_id, "effect-open", thing)).toEqual({
        state: "thing_used",
        result: { id: "c1" },
      });
      // Deleting the holder frees the thing.
      expect(await here.delete("user:a", ids[first]!)).toBe(true);
      expect((await there.use("user:a", open.draft_id, "effect-open", thing)).state).toBe("taken");
      clock = T0 + 30_000 + 120_000;
      await here.purgeExpired();
      expect(await here.get("user:a", open.draft_id)).toEqual({ state: "missing" });
      // The thing is the app's code: a non-string is its bug, named.
      const bad = { thing: () => 7 as unknown as string };
      const fresh = await here.put("user:a", { event: "e3" });
      await expect(here.use("user:a", fresh.draft_id, "effect-e3", bad)).rejects.toThrow(/thing/);
    });

    it("refuses a draft that is no JSON value, and bad options", () => {
      const store = opened();
      expect(() => createDraftStore(store, { name: "Bad-Name", ttlMs: 1 })).toThrow(TypeError);
      expect(() => createDraftStore(store, { name, ttlMs: 0 })).toThrow(RangeError);
      return expect(
        createDraftStore<unknown>(store, { name, ttlMs: 1 }).put("user:a", undefined),
      ).rejects.toThrow(TypeError);
    });
  });

  describe("createRateLimiter", () => {
    it("counts per caller and window across processes; a full window says how long to wait", async () => {
      let clock = T0 + 1_000; // T0 is not on a day boundary: the wait runs to the window's end
      const options = { name, limit: 3, windowMs: DAY, now: () => clock };
      const limiters = [createRateLimiter(opened(), options), createRateLimiter(opened(), options)];
      const decisions = [];
      for (let i = 0; i < 4; i++) decisions.push(await limiters[i % 2]!.take("user:a"));
      const windowEnd = Math.ceil(clock / DAY) * DAY;
      expect(decisions).toEqual([
        { ok: true, remaining: 2 },
        { ok: true, remaining: 1 },
        { ok: true, remaining: 0 },
        { ok: false, retryAfterSeconds: Math.ceil((windowEnd - clock) / 1000) },
      ]);
      expect(await limiters[0]!.take("user:b")).toEqual({ ok: true, remaining: 2 });
      clock = windowEnd;
      expect(await limiters[1]!.take("user:a")).toEqual({ ok: true, remaining: 2 });
      expect(await limiters[0]!.purgeExpired(1)).toBe(1);
      expect(await limiters[0]!.purgeExpired()).toBe(1);
    });

    it("grants exactly the limit to 40 concurrent takes", async () => {
      const limiter = createRateLimiter(opened(), { name, limit: 10, windowMs: 60_000 });
      const decisions = await Promise.all(Array.from({ length: 40 }, () => limiter.take("user:a")));
      expect(decisions.filter((decision) => decision.ok)).toHaveLength(10);
    });

    it("refuses a limit its integer count cannot reach (PostgreSQL overflowed on every take)", () => {
      const make = (limit: number) => () =>
        createRateLimiter(opened(), { name, limit, windowMs: 60_000 });
      expect(make(2_147_483_648)).toThrow(RangeError);
      expect(make(99_999_999_999)).toThrow(/from 0 to 2147483647/);
      expect(make(2_147_483_647)).not.toThrow();
    });

    it("limit 0 refuses everything; the failure is RATE_LIMITED with retry_after_seconds, nothing changed", async () => {
      const limiter = createRateLimiter(opened(), { name, limit: 0, windowMs: 10_000 });
      const decision = await limiter.take("user:a");
      expect(decision).toMatchObject({ ok: false });
      if (decision.ok) throw new Error("unreachable");
      expect(
        toToolError(rateLimitFailure(decision), { requestId: "r", log: silentLogger, tool: "t" }),
      ).toMatchObject({
        code: "RATE_LIMITED",
        retryable: true,
        retry_after_seconds: decision.retryAfterSeconds,
        changes: "none",
      });
    });
  });

  it("needs a kit store: any other store is a TypeError naming the helper", () => {
    const other = { ...opened() };
    expect(() => createRateLimiter(other, { name, limit: 1, windowMs: 1 })).toThrow(
      /createRateLimiter needs a store from createSqliteStore or createPostgresStore/,
    );
    expect(() => createDraftStore(other, { name, ttlMs: 1 })).toThrow(/createDraftStore/);
  });
}
