/**
 * The reconciler on SQLite and PostgreSQL: in-doubt records nobody retries are taken over
 * once each — also by several reconcilers (separate connections, as separate processes) at
 * once — completed from their captured claims under their own effect key, or compensated once
 * they are older than allowed; the grace leaves the caller's own retry first, a record whose
 * completion is retryable stays owed, and records not in doubt are never touched.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  startReconciler,
  type IdempotencyStore,
  type InDoubtRecord,
} from "../../src/server/index.ts";
import { reconcileInDoubt, runIdempotent } from "../../src/server/idempotency/index.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const TIMING = { ttlMs: 3_600_000, leaseMs: 1_000, waitMs: 0 };
type Claims = { n: number };

function reconcilerSuite(open: () => IdempotencyStore): void {
  let stores: IdempotencyStore[];
  let clock = 2_000_000_000_000 + Math.floor(Math.random() * 1e9);
  beforeAll(async () => {
    stores = [open(), open(), open()];
    for (const store of stores) await store.init();
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
  });

  /** A record of `scope` left in doubt (captured, then the effect threw), or settled otherwise. */
  async function leave(
    scope: string,
    key: string,
    how: "in_doubt" | "clean_failure" | "done",
    n = 1,
  ) {
    await runIdempotent<{ ok: boolean }, Claims>({
      store: stores[0]!,
      scope,
      key,
      args: { n },
      timing: TIMING,
      now: () => clock,
      async execute(effect) {
        await effect.capture({ n });
        if (how === "in_doubt") throw new Error("timed out after the charge left");
        if (how === "clean_failure") return { final: false, value: { ok: false } };
        return { final: true, value: { ok: true } };
      },
    }).catch(() => undefined);
  }

  /** What a retry of the record now gets (the caller comes back). */
  const retry = (scope: string, key: string, n = 1) =>
    runIdempotent<{ ok: boolean; by?: string }, Claims>({
      store: stores[0]!,
      scope,
      key,
      args: { n },
      timing: TIMING,
      now: () => clock,
      execute: async () => ({ final: true, value: { ok: true, by: "retry" } }),
    });

  it("completes each in-doubt record exactly once, from its claims and effect key, with three reconcilers racing", async () => {
    const scope = `race-${randomUUID()}`;
    const keys = Array.from({ length: 30 }, (_, i) => `key-${i}`);
    for (const [i, key] of keys.entries()) await leave(scope, key, "in_doubt", i);
    await leave(scope, "clean", "clean_failure");
    await leave(scope, "done", "done");
    clock += 120_000;
    const completions = new Map<string, number>();
    const seen: Array<InDoubtRecord<Claims>> = [];
    const counts = await Promise.all(
      stores.map((store) =>
        reconcileInDoubt<{ ok: boolean; by: string; n: number }, Claims>({
          store,
          now: () => clock,
          graceMs: 60_000,
          leaseMs: 10_000,
          async complete(record) {
            completions.set(record.effectKey, (completions.get(record.effectKey) ?? 0) + 1);
            if (record.scope === scope) seen.push(record);
            return { final: true, value: { ok: true, by: "reconciler", n: record.captured.n } };
          },
        }),
      ),
    );
    const mine = seen.map((record) => record.key).sort();
    expect(mine).toEqual([...keys].sort());
    for (const record of seen) {
      expect(completions.get(record.effectKey)).toBe(1);
      expect(record.inDoubt).toBe(true);
      expect(record.attempt).toBe(2);
      expect(record.captured.n).toBe(keys.indexOf(record.key));
      await expect(record.capture({ n: 0 })).rejects.toThrow(TypeError);
    }
    expect(counts.reduce((sum, c) => sum + c.completed, 0)).toBeGreaterThanOrEqual(30);
    // The stored answer is the reconciler's: the late retry replays it, in doubt.
    const replay = await retry(scope, "key-3", 3);
    expect(replay).toMatchObject({
      state: "replayed",
      inDoubt: true,
      value: { ok: true, by: "reconciler", n: 3 },
    });
    // A clean failure (nothing left the process) is not owed; a finished record is finished.
    expect(await retry(scope, "clean")).toMatchObject({ state: "fresh", value: { by: "retry" } });
    expect(await retry(scope, "done")).toMatchObject({ state: "replayed", value: { ok: true } });
  });

  it("leaves a record within its grace to the caller, keeps one whose completion is retryable owed, and compensates an old one", async () => {
    const scope = `grace-${randomUUID()}`;
    await leave(scope, "k", "in_doubt");
    const options = {
      store: stores[1]!,
      now: () => clock,
      graceMs: 60_000,
      compensateAfterMs: 600_000,
    };
    const mine = (record: InDoubtRecord<Claims>) => record.scope === scope;
    const actions: string[] = [];
    const onReconciled = (record: InDoubtRecord<Claims>, action: string) =>
      void (mine(record) && actions.push(action));
    await reconcileInDoubt<unknown, Claims>({
      ...options,
      onReconciled,
      complete: async () => ({ final: true, value: "x" }),
    });
    expect(actions).toEqual([]); // within the grace
    clock += 61_000;
    await reconcileInDoubt<unknown, Claims>({
      ...options,
      onReconciled,
      complete: async (record) => ({ final: !mine(record), value: "provider down" }),
    });
    expect(actions).toEqual(["retry_later"]);
    // The caller's retry meets the owed record: it is in doubt, not re-judged.
    clock += 700_000;
    let compensated = 0;
    await reconcileInDoubt<unknown, Claims>({
      ...options,
      onReconciled,
      complete: async () => ({ final: true, value: "completed" }),
      compensate: async (record) => {
        if (mine(record)) compensated += 1;
        return { final: true, value: "refunded" };
      },
    });
    expect(actions).toEqual(["retry_later", "compensated"]);
    expect(compensated).toBe(1);
    expect(await retry(scope, "k")).toMatchObject({ state: "replayed", value: "refunded" });
  });

  it("startReconciler runs a pass at once, states its bound, and stop waits for the pass", async () => {
    const scope = `timer-${randomUUID()}`;
    await leave(scope, "k", "in_doubt");
    clock += 120_000;
    let done = 0;
    const reconciler = startReconciler<unknown, Claims>({
      store: stores[2]!,
      now: () => clock,
      everyMs: 60_000,
      graceMs: 60_000,
      complete: async (record) => {
        if (record.scope === scope) done += 1;
        return { final: true, value: "placed" };
      },
    });
    expect(reconciler.boundMs).toBe(120_000);
    await reconciler.stop();
    expect(done).toBe(1);
    expect(await retry(scope, "k")).toMatchObject({ state: "replayed", value: "placed" });
  });
}

describe("the reconciler on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-reconcile-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  reconcilerSuite(() => createSqliteStore(join(dir, "records.sqlite")));
});

describePostgres("the reconciler on PostgreSQL", () => {
  reconcilerSuite(() =>
    createPostgresStore({ connectionString: DATABASE_URL!, table: "reconcile_test_records" }),
  );
});
