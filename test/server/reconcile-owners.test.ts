/**
 * Whose record a reconciler settles. A record says, in what its first attempt captured, which
 * write it is and which way it was paid; a pass hands each in-doubt record only to the hooks
 * that own it. The kit's own kinds (a payment sheet's payment) are never given to an app's
 * hooks written for its commits: those would store "refunded, nothing was charged" on a
 * payment whose charge stands, and the next `complete_checkout` would charge again.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  type IdempotencyStore,
  type InDoubtRecord,
} from "../../src/server/index.ts";
import {
  reconcileInDoubt,
  runIdempotent,
  type Attempt,
  type EffectContext,
} from "../../src/server/idempotency/index.ts";
import { SHEET_RECORD } from "../../src/server/checkout/sheet-payment.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const TIMING = { ttlMs: 3_600_000, leaseMs: 1_000, waitMs: 0 };

function ownersSuite(open: (name: string) => IdempotencyStore): void {
  // A store of its own per test: a pass takes every scope's records.
  let store: IdempotencyStore;
  let n = 0;
  let clock = 2_100_000_000_000 + Math.floor(Math.random() * 1e9);
  beforeEach(async () => {
    store = open(`owners_${n++}_${randomUUID().slice(0, 8)}`);
    await store.init();
  });
  afterEach(() => store.close());

  /** One attempt of `scope`'s `key` (the same arguments each time), running `execute`. */
  const attempt = (
    scope: string,
    key: string,
    execute: (effect: EffectContext<unknown>) => Promise<Attempt<{ ok: boolean }>>,
  ) =>
    runIdempotent<{ ok: boolean }, unknown>({
      store,
      scope,
      key,
      args: { key },
      timing: TIMING,
      now: () => clock,
      execute,
    });

  /** A record of `scope` left in doubt after capturing `claims` (the effect threw). */
  const leave = (scope: string, key: string, claims: unknown) =>
    attempt(scope, key, async (effect) => {
      await effect.capture(claims);
      throw new Error("timed out after the charge left");
    }).catch(() => undefined);

  /** What the record's own retry finds now: still owed (in doubt, with its claims) or not. */
  async function owed(scope: string, key: string): Promise<unknown> {
    let found: unknown = "not owed";
    await attempt(scope, key, async (effect) => {
      found = effect.inDoubt ? effect.captured : "not in doubt";
      return { final: false, value: { ok: false } };
    });
    return found;
  }

  /** Hooks of an app's own commits, counting every call (none may reach a foreign record). */
  function appHooks() {
    const calls: string[] = [];
    return {
      calls,
      hooks: {
        complete: async (record: InDoubtRecord<unknown>) => {
          calls.push(`complete ${record.key}`);
          return { final: true as const, value: { ok: true } };
        },
        compensate: async (record: InDoubtRecord<unknown>) => {
          calls.push(`compensate ${record.key}`);
          return { final: true as const, definite: true, value: { ok: false } };
        },
      },
    };
  }

  /** A pass of the sheet's own hooks (they own its kind only): what each record got. */
  async function sheetPass(compensateAfterMs?: number) {
    const finished: string[] = [];
    const counts = await reconcileInDoubt({
      store,
      owns: (captured) => (captured as { kind?: unknown }).kind === SHEET_RECORD,
      complete: async (record) => {
        finished.push(`complete ${record.key}`);
        return { final: true, value: { ok: true } };
      },
      compensate: async (record) => {
        finished.push(`compensate ${record.key}`);
        return { final: true, definite: true, value: { ok: false } };
      },
      graceMs: 0,
      ...(compensateAfterMs === undefined ? {} : { compensateAfterMs }),
      now: () => clock,
    });
    return { counts, finished };
  }

  const sheetClaims = { kind: SHEET_RECORD, session_id: "cs_1", amount: 4998 };

  it("leaves a payment sheet's record to the sheet: an app's hooks never complete it", async () => {
    const scope = `sheet-${randomUUID()}`;
    await leave(scope, "sheet-pay", sheetClaims);
    await leave(scope, "order", { draft_id: "drf_1" });
    clock += 2 * 60_000;
    const { calls, hooks } = appHooks();
    const counts = await reconcileInDoubt({ store, ...hooks, graceMs: 0, now: () => clock });
    expect(calls).toEqual(["complete order"]);
    expect(counts).toMatchObject({ completed: 1, unowned: 1 });
    // Still owed, with what the sheet captured: its own retry or reconciler finishes it.
    expect(await owed(scope, "sheet-pay")).toEqual(sheetClaims);
    clock += 60_000;
    const sheet = await sheetPass();
    expect(sheet.finished).toEqual([expect.stringMatching(/^complete /)]);
    expect(sheet.counts).toMatchObject({ completed: 1, unowned: 0 });
    expect(await owed(scope, "sheet-pay")).toBe("not owed");
  });

  it("never runs an app's refund on a sheet's payment old enough to compensate; the sheet undoes its own", async () => {
    const scope = `sheet-old-${randomUUID()}`;
    await leave(scope, "sheet-pay", sheetClaims);
    await leave(scope, "order", { draft_id: "drf_1" });
    clock += 20 * 60_000;
    const { calls, hooks } = appHooks();
    const counts = await reconcileInDoubt({
      store,
      ...hooks,
      graceMs: 0,
      compensateAfterMs: 15 * 60_000,
      now: () => clock,
    });
    expect(calls).toEqual(["compensate order"]);
    expect(counts).toMatchObject({ compensated: 1, unowned: 1 });
    // The pass's claim took the old record as a compensation (in the statement that took it,
    // before it could read whose it is): its owner refunds it, under its own key — one
    // charge, one refund, and never the app's "nothing was charged".
    clock += 60_000;
    const sheet = await sheetPass(15 * 60_000);
    expect(sheet.finished).toEqual([expect.stringMatching(/^compensate /)]);
    expect(sheet.counts).toMatchObject({ compensated: 1, unowned: 0 });
  });

  it("leaves another write's record alone when `owns` says it is not these hooks'", async () => {
    const scope = `writes-${randomUUID()}`;
    await leave(scope, "buy", { write: "buy_tickets", draft_id: "drf_b" });
    await leave(scope, "refund", { write: "refund_ticket", draft_id: "drf_r" });
    clock += 120_000;
    const { calls, hooks } = appHooks();
    const counts = await reconcileInDoubt({
      store,
      ...hooks,
      owns: (captured) => (captured as { write?: unknown }).write === "buy_tickets",
      graceMs: 0,
      now: () => clock,
    });
    expect(calls).toEqual(["complete buy"]);
    expect(counts).toMatchObject({ completed: 1, unowned: 1 });
    expect(await owed(scope, "refund")).toEqual({ write: "refund_ticket", draft_id: "drf_r" });
  });
}

describe("a reconciler settles only its own records, on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-owners-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  ownersSuite((name) => createSqliteStore(join(dir, `${name}.sqlite`)));
});

describePostgres("a reconciler settles only its own records, on PostgreSQL", () => {
  ownersSuite((name) => createPostgresStore({ connectionString: DATABASE_URL!, table: name }));
});
