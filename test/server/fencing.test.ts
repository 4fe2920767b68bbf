/**
 * Fencing from the lease to the provider (issue 49), on SQLite and PostgreSQL: a record in
 * doubt that the reconciler compensates while the person retries ends with exactly one of its
 * order or its refund, and every answer the person gets is what the record stores.
 *
 * - Refund versus retry: the reconciler's refund call outlasts its lease, the retry comes in
 *   meanwhile. The compensation was claimed in the record before the refund left, so the
 *   retry waits (`in_progress`) and later replays the refund; it never places the order.
 * - The delayed answer: a retry's charge answer is late, the reconciler takes the record over
 *   and refunds it; the retry's order (a local row, or a call behind `effect.fence()`) is
 *   refused, and the person is told the stored refund, never "placed".
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  createPostgresStore,
  createSqliteStore,
  localDatabase,
  type IdempotencyStore,
  type IdempotentOutcome,
  type LocalDatabase,
} from "../../src/server/index.ts";
import {
  fingerprint,
  reconcileInDoubt,
  runIdempotent,
} from "../../src/server/idempotency/index.ts";
import { recordsOf } from "../../src/server/idempotency/store.ts";
import type { Attempt, EffectContext } from "../../src/server/idempotency/run-idempotent.ts";
import type { SqlQueries } from "../../src/server/stores/sql-database.ts";
import { DATABASE_URL, describePostgres } from "./pg-env.ts";

const LEASE_MS = 1_000;
const TIMING = { ttlMs: 3_600_000, leaseMs: LEASE_MS, waitMs: 0 };

type Value = { order: string } | { refunded: true } | { timeout: true };
type Claims = { amount: number };

/** The provider and the order book, idempotent on the effect key (as Stripe is). */
class Ledger {
  readonly charged = new Set<string>();
  readonly refunded = new Set<string>();
  readonly ordered = new Set<string>();
  charge(effectKey: string): void {
    this.charged.add(effectKey);
  }
  refund(effectKey: string): void {
    this.refunded.add(effectKey);
  }
}

/** A promise and the function that settles it: a call held until the test lets it land. */
function gate(): { open(): void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

function fencingSuite(open: () => IdempotencyStore): void {
  let store: IdempotencyStore;
  let orders: LocalDatabase;
  let clock = 2_100_000_000_000 + Math.floor(Math.random() * 1e9);
  beforeAll(async () => {
    store = open();
    await store.init();
    orders = localDatabase(store, [
      "CREATE TABLE IF NOT EXISTS fencing_orders (effect_key TEXT PRIMARY KEY)",
    ]);
    await orders.ready();
    // Records an earlier, interrupted run left owed would be counted below: settle them first.
    await compensatePass("", new Ledger());
  });
  afterAll(() => store.close());

  /** One commit of `scope`'s record with `execute`, on the test's clock. */
  const commit = (
    scope: string,
    execute: (effect: EffectContext<Claims>) => Promise<Attempt<Value>>,
  ) =>
    runIdempotent<Value, Claims>({
      store,
      scope,
      key: "key-1",
      args: { amount: 45 },
      timing: TIMING,
      now: () => clock,
      execute,
    });

  /** The first attempt: captures, charges, and never hears back (the record is in doubt). */
  const chargeThenTimeout =
    (ledger: Ledger) =>
    async (effect: EffectContext<Claims>): Promise<Attempt<Value>> => {
      await effect.capture({ amount: 45 });
      ledger.charge(effect.effectKey);
      return { final: false, value: { timeout: true }, inDoubt: true };
    };

  /** A retry's effect: charge again (the provider replays it), then place the order. */
  const placeOrder =
    (ledger: Ledger, how: "downstream" | "local", chargeAnswer?: Promise<void>) =>
    async (effect: EffectContext<Claims>): Promise<Attempt<Value>> => {
      ledger.charge(effect.effectKey);
      await chargeAnswer;
      const value = { order: `ord_${effect.effectKey}` };
      if (how === "local")
        return {
          final: true,
          value,
          local: async (tx: SqlQueries) => {
            await tx.query("INSERT INTO fencing_orders (effect_key) VALUES (:k)", {
              k: effect.effectKey,
            });
          },
        };
      // The order goes out of the process: the fence first.
      await effect.fence();
      ledger.ordered.add(effect.effectKey);
      return { final: true, value };
    };

  /**
   * A reconciler pass that compensates every owed record, refunding through `refundCall`;
   * resolves to what it did with `scope`'s records (other scopes are earlier runs' leftovers).
   */
  const compensatePass = async (
    scope: string,
    ledger: Ledger,
    refundCall?: Promise<void>,
    entered?: () => void,
  ) => {
    const mine: Record<string, number> = {};
    await reconcileInDoubt<Value, Claims>({
      store,
      now: () => clock,
      graceMs: 0,
      leaseMs: LEASE_MS,
      compensateAfterMs: 0,
      limit: 1_000,
      complete: async () => {
        throw new Error("only compensation here");
      },
      compensate: async (record) => {
        if (record.scope !== scope) return { final: true, value: { refunded: true } };
        entered?.();
        await refundCall;
        ledger.refund(record.effectKey);
        return { final: true, value: { refunded: true } };
      },
      onReconciled: (record, action) => {
        if (record.scope === scope) mine[action] = (mine[action] ?? 0) + 1;
      },
    });
    return mine;
  };

  const localOrders = async (effectKey: string) =>
    (
      await orders.query("SELECT effect_key FROM fencing_orders WHERE effect_key = :k", {
        k: effectKey,
      })
    ).rows.length;

  /** The ledger of `effectKey` holds exactly one of an order (downstream or local) or a refund. */
  async function expectOrderOrRefund(ledger: Ledger, effectKey: string, which: "refund") {
    expect(ledger.charged.has(effectKey)).toBe(true);
    const ordered = ledger.ordered.has(effectKey) || (await localOrders(effectKey)) > 0;
    expect({ ordered, refunded: ledger.refunded.has(effectKey) }).toEqual({
      ordered: which !== "refund",
      refunded: which === "refund",
    });
  }

  const effectKeyOf = (outcome: IdempotentOutcome<Value>) =>
    outcome.state === "fresh" ? outcome.effectKey : "";

  it.each(["downstream", "local"] as const)(
    "a retry that meets a refund outlasting the reconciler's lease waits, then replays the refund: never both (%s order)",
    async (how) => {
      const scope = `refund-vs-retry-${randomUUID()}`;
      const ledger = new Ledger();
      const first = await commit(scope, chargeThenTimeout(ledger));
      const effectKey = effectKeyOf(first);
      clock += 20 * 60_000; // in doubt for 20 minutes: due for compensation
      const refundCall = gate();
      const refundSent = gate();
      const pass = compensatePass(scope, ledger, refundCall.opened, refundSent.open);
      await refundSent.opened;
      clock += LEASE_MS * 5; // the refund call outlasts the reconciler's lease
      let retried = false;
      const retry = await commit(scope, (effect) => {
        retried = true;
        return placeOrder(ledger, how)(effect);
      });
      expect(retried).toBe(false);
      expect(retry.state).toBe("in_progress");
      refundCall.open(); // the refund lands
      expect(await pass).toEqual({ compensated: 1 });
      const later = await commit(scope, placeOrder(ledger, how));
      expect(later).toMatchObject({ state: "replayed", value: { refunded: true } });
      await expectOrderOrRefund(ledger, effectKey, "refund");
    },
  );

  it.each(["downstream", "local"] as const)(
    "a retry whose charge answer is late while the reconciler refunds is told the stored refund, and places no order (%s order)",
    async (how) => {
      const scope = `delayed-answer-${randomUUID()}`;
      const ledger = new Ledger();
      const effectKey = effectKeyOf(await commit(scope, chargeThenTimeout(ledger)));
      clock += 20 * 60_000;
      const chargeAnswer = gate();
      let charging!: () => void;
      const sent = new Promise<void>((resolve) => (charging = resolve));
      const retry = commit(scope, async (effect) => {
        charging();
        return placeOrder(ledger, how, chargeAnswer.opened)(effect);
      });
      await sent;
      clock += LEASE_MS * 5; // the retry's lease runs out while it waits for the provider
      expect(await compensatePass(scope, ledger)).toEqual({ compensated: 1 });
      chargeAnswer.open();
      expect(await retry).toMatchObject({ state: "replayed", value: { refunded: true } });
      await expectOrderOrRefund(ledger, effectKey, "refund");
    },
  );

  it("an attempt outlived by its lease whose local order meets the new owner's row replays that order, never CONFLICT", async () => {
    const scope = `lost-local-${randomUUID()}`;
    const ledger = new Ledger();
    const chargeAnswer = gate();
    let charging!: () => void;
    const sent = new Promise<void>((resolve) => (charging = resolve));
    const slow = commit(scope, async (effect) => {
      charging();
      return placeOrder(ledger, "local", chargeAnswer.opened)(effect);
    });
    await sent;
    clock += LEASE_MS * 5; // its lease runs out while it waits for the provider
    const retry = await commit(scope, placeOrder(ledger, "local"));
    expect(retry).toMatchObject({ state: "fresh", value: { order: expect.any(String) } });
    chargeAnswer.open(); // the first answer lands: its order row is the retry's, already there
    const value = retry.state === "fresh" ? retry.value : undefined;
    expect(await slow).toMatchObject({ state: "replayed", value });
    expect(await localOrders(effectKeyOf(retry))).toBe(1);
  });

  it("a compensation that fails stays claimed: a retry still waits, the next pass refunds", async () => {
    const scope = `refund-fails-${randomUUID()}`;
    const ledger = new Ledger();
    const effectKey = effectKeyOf(await commit(scope, chargeThenTimeout(ledger)));
    clock += 20 * 60_000;
    const failing = await reconcileInDoubt<Value, Claims>({
      store,
      now: () => clock,
      graceMs: 0,
      leaseMs: LEASE_MS,
      compensateAfterMs: 0,
      complete: async () => ({ final: true, value: { order: "never" } }),
      compensate: async () => {
        throw new Error("the provider is down");
      },
    });
    expect(failing).toMatchObject({ retry_later: 1 });
    let retried = false;
    const retry = await commit(scope, async (effect) => {
      retried = true;
      return placeOrder(ledger, "downstream")(effect);
    });
    expect({ retried, state: retry.state }).toEqual({ retried: false, state: "in_progress" });
    // A call without its confirmation (it may only finish what is owed) waits for it too.
    const unconfirmed = await recordsOf(store).claim({
      scope,
      key: "key-1",
      fingerprint: fingerprint({ amount: 45 }),
      now: clock,
      ttlMs: TIMING.ttlMs,
      leaseMs: LEASE_MS,
      existingOnly: true,
    });
    expect(unconfirmed.state).toBe("in_progress");
    clock += 1;
    // A pass that would rather complete it (no compensation asked) still compensates it.
    expect(
      await reconcileInDoubt<Value, Claims>({
        store,
        now: () => clock,
        graceMs: 0,
        leaseMs: LEASE_MS,
        complete: async () => ({ final: true, value: { order: "wrong" } }),
        compensate: async (record) => {
          ledger.refund(record.effectKey);
          return { final: true, value: { refunded: true } };
        },
      }),
    ).toMatchObject({ compensated: 1, completed: 0 });
    await expectOrderOrRefund(ledger, effectKey, "refund");
  });
}

describe("fencing on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "mcp-widget-kit-fencing-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  fencingSuite(() => createSqliteStore(join(dir, "fencing.sqlite")));
});

describePostgres("fencing on PostgreSQL", () => {
  fencingSuite(() =>
    createPostgresStore({ connectionString: DATABASE_URL!, table: "idempotency_fencing_test" }),
  );
});
