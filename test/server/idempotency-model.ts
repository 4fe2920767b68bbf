/**
 * A model of the exactly-once rules (docs/architecture.md, "Writes": exactly once) checked
 * against the real `runIdempotent` on a real store: fast-check generates sequences of
 * commits, concurrent bursts, retries, side effects that fail, throw, time out or are killed
 * half-way, clock steps past a lease or a record's TTL, the same key with other arguments,
 * and two callers with one key. Each command's outcome must be what the model predicts, and
 * after every run, once every open request was retried, the downstream world must hold the
 * invariant: per effect key at most one effect; every order has exactly its own charge
 * (amount and currency); nothing charged without an order.
 *
 * In-doubt records (issue 32): the side effect judges its draft, then captures what was
 * confirmed (`effect.capture`) before charging, and finishes from the captured claims on every
 * later attempt. Drafts stop judging between attempts (`Invalidate`: expiry, a rotated
 * secret), processes restart (`Restart`: whatever was stalled never wakes), the provider is
 * down after an unknown outcome, and records pass their TTL while in doubt: a record that
 * re-judged its draft, or expired unfinished, would leave a charge without its order. Some
 * orders are local effects — a row in the store's database committed with the record's
 * completion (`local`), or rolled back with it (`localFail`). The reconciler runs at any point
 * (`Reconcile`: it completes every owed record, or compensates it with a refund), and
 * retention purges what is past its TTL (`Purge`), in-doubt records included if it were wrong.
 * The invariant then reads: nothing charged without its order or its refund.
 *
 * Fencing (issue 49): a reconciler's refund call can outlast its lease (`SlowCompensation`:
 * it stalls until `Wake`, or dies with a `Restart`), retries and other passes come in
 * meanwhile, and stalled attempts answer late. A record claimed for compensation is never
 * completed with an order; an attempt that was taken over answers what the record stores; the
 * invariant adds: never both an order and a refund.
 *
 * Ways of paying (issue 60): one key's payments are the payment sheet's (their capture says
 * so), and the operator's `reconcile` command runs beside the server with the app's order
 * hooks only (`Reconcile(…, operator)`). Every sheet payment it meets must be left in doubt,
 * untouched, for the server's pass: its order hooks would refund the app's own key, never
 * charged, while the sheet's charge stood without its order or its refund.
 *
 * The downstream world stands for a payment provider and an order service, each idempotent
 * on the key it is given (as Stripe is on `Idempotency-Key`): the side effect passes them the
 * kit's effect key. A side effect that derived its identity from anything that a later
 * request can share would make two orders meet on one charge, and the invariant fail.
 */
import fc from "fast-check";
import * as v from "valibot";
import { things } from "../support/thing-contract.ts";
import {
  callerScope,
  createConfirmationSigner,
  idempotentResult,
  createToolServer,
  localDatabase,
  silentLogger,
  type Attempt,
  type EffectContext,
  type LocalDatabase,
  type ToolServer,
  type IdempotencyStore,
  type IdempotentOutcome,
} from "../../src/server/index.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { reconcileInDoubt } from "../../src/server/idempotency/reconcile.ts";
import { SHEET_RECORD } from "../../src/server/checkout/sheet-payment.ts";
import { runIdempotent, type IdempotentRequest } from "../../src/server/idempotency/index.ts";

const TTL_MS = 10_000;
const LEASE_MS = 1_000;
const TIMING = { ttlMs: TTL_MS, leaseMs: LEASE_MS, waitMs: 0 };

/** The drafts a caller can commit: another draft is other arguments, at another price. */
const DRAFTS = [
  { draft_id: "d1", total: { amount: "45.57", currency: "USD" } },
  { draft_id: "d2", total: { amount: "313.20", currency: "USD" } },
  { draft_id: "d3", total: { amount: "45.57", currency: "EUR" } },
] as const;
type Draft = (typeof DRAFTS)[number];
type Money = Draft["total"];

/** How the side effect of one commit goes. */
type Fault =
  | "none"
  /** The provider is down before charging: retryable, nothing changed. */
  | "unavailable"
  /** The provider declines: a final failure, nothing charged. */
  | "decline"
  /** The charge went through, its answer was lost: retryable, outcome unknown. */
  | "timeout"
  /** The request left and its answer was lost, but the provider never got it: in doubt, nothing charged. */
  | "lost"
  /** The side effect throws after the charge (a bug, a crash of the handler). */
  | "throw"
  /** The process dies after the charge, before the order and the record: nothing more happens. */
  | "kill"
  /** The process hangs after the charge and wakes up later (a stop-the-world pause). */
  | "stall"
  /** The order is a row of the store's database, committed with the record (`local`). */
  | "local"
  /** That local write fails after the charge: rolled back with the completion, in doubt. */
  | "localFail";

type Value =
  { ok: true; order_id: string; draft_id: string; total: Money } | { ok: false; code: string };

/**
 * What the side effect captures before charging: the total the person confirmed, and — for
 * a payment on ChatGPT's payment sheet — the sheet's record kind, which only the sheet's
 * hooks may settle.
 */
type Captured = { total: Money; kind?: typeof SHEET_RECORD };

/**
 * The way each key pays: `key-2`'s payments are the payment sheet's (its records say so in
 * their capture), `key-1`'s the app's own commits — so the two ways meet in every run.
 */
const SHEET_KEY = "key-2";
const isSheetRecord = (id: string) => id.split("\n")[1] === SHEET_KEY;

/** The downstream world: a provider and an order service, idempotent on the key they get. */
class Downstream {
  /** What broke the invariant as it happened (checked after the run). */
  readonly violations: string[] = [];
  readonly charges = new Map<string, { total: Money; creations: number }>();
  readonly orders = new Map<string, { draft_id: string; total: Money; attempts: Set<string> }>();
  /** Effect keys refunded (their charge given back) or voided (refunded before any charge). */
  readonly refunded = new Set<string>();
  /** Charges under `effectKey` once; false when the key was refunded (nothing more happens). */
  charge(effectKey: string, total: Money): boolean {
    if (this.refunded.has(effectKey)) return false;
    const charge = this.charges.get(effectKey);
    if (charge) {
      // The provider answers a repeat with the first charge; a repeat with another amount is
      // a request that inherited someone else's key.
      if (charge.total.amount !== total.amount || charge.total.currency !== total.currency)
        this.violations.push(
          `effect key ${effectKey} charged ${show(charge.total)} and ${show(total)}`,
        );
      return true;
    }
    this.charges.set(effectKey, { total, creations: 1 });
    return true;
  }
  /** The compensation: the charge (if any) is refunded, an order under the key cancelled. */
  refund(effectKey: string): void {
    this.refunded.add(effectKey);
    this.orders.delete(effectKey);
  }
  createOrder(effectKey: string, draftId: string, total: Money): void {
    // The order service refuses an order whose payment was refunded (a stalled attempt waking).
    if (this.refunded.has(effectKey)) return;
    const order = this.orders.get(effectKey);
    if (order) {
      order.attempts.add(draftId);
      return;
    }
    this.orders.set(effectKey, { draft_id: draftId, total, attempts: new Set([draftId]) });
  }
}

class InvariantBroken extends Error {}
const show = (money: Money) => `${money.amount} ${money.currency}`;

/** What the model knows of one (scope, key) record. */
interface ModelRecord {
  draftId: string;
  /** `compensating`: a reconciler claimed its refund; only a reconciler settles it now. */
  status: "pending" | "open" | "completed" | "compensating";
  /** The claim that holds it (pending), to tell a stalled owner's late completion apart. */
  claim: number;
  lockedAt: number;
  /**
   * The lease of the claim that holds it: `LEASE_MS`, or 0 for a compensation put back at
   * once (a pass that does not own the record: free for the owner's next pass).
   */
  lease?: number;
  expiresAt: number;
  value?: Value;
  effectKey?: string;
  /** An attempt captured the draft's claims: later attempts finish from them. */
  captured: boolean;
  /** An attempt may have acted (captured and not settled cleanly): never expires unfinished. */
  inDoubt: boolean;
}

/** The model, and the real system beside it (they share one object, as fast-check allows). */
export interface World {
  clock: number;
  records: Map<string, ModelRecord>;
  seenEffectKeys: Set<string>;
  /** Drafts that no longer judge (expired, or signed with a secret rotated away). */
  invalid: Set<string>;
  nextClaim: number;
  store: IdempotencyStore;
  prefix: string;
  /**
   * Commits judge before they claim (`judgeFirst`: the claim and the capture one write for a
   * free key), as GiftGenius' commit_order does; every other run claims first.
   */
  judgeFirst: boolean;
  downstream: Downstream;
  /** The orders table of local effects, in the store's database. */
  orders: LocalDatabase;
  /** Stalled side effects, woken by `Wake`. */
  stalled: Array<() => void>;
  /** Runs still going (stalled ones), awaited before the invariant is checked. */
  running: Array<Promise<unknown>>;
  /**
   * Answers stalled attempts gave after their record was taken over, checked against what
   * the record stores once every woken attempt and reconciler pass has settled.
   */
  lateAnswers: Array<{ id: string; value: Value; what: string }>;
  /**
   * The last stored answer of records that expired since (their row stays until a purge, and
   * a late answer read from it is what their effect key did).
   */
  expiredValues: Map<string, Value>;
  commands: number;
}

const recordKey = (scope: string, key: string) => `${scope}\n${key}`;

/** Whether the claim on `record` is still within its lease. */
const held = (world: World, record: ModelRecord) =>
  record.lockedAt + (record.lease ?? LEASE_MS) > world.clock;

/** The record as the store sees it now: gone once expired (and no live claim holds it). */
function current(world: World, id: string): ModelRecord | undefined {
  const record = world.records.get(id);
  if (!record) return undefined;
  const live = record.status === "pending" && held(world, record);
  const owed = record.status !== "completed" && record.captured && record.inDoubt;
  if (record.expiresAt <= world.clock && !live && !owed) {
    if (record.value) world.expiredValues.set(id, record.value);
    world.records.delete(id);
    return undefined;
  }
  return record;
}

/** What the model predicts for a claim of (scope, key) with `draft`. */
function predict(
  world: World,
  id: string,
  draft: Draft,
):
  | { kind: "key_reused" }
  | { kind: "replayed"; value: Value }
  | { kind: "in_progress" }
  | { kind: "run"; same?: ModelRecord; refused: boolean } {
  const record = current(world, id);
  if (!record) return { kind: "run", refused: world.invalid.has(draft.draft_id) };
  if (record.draftId !== draft.draft_id) return { kind: "key_reused" };
  if (record.status === "completed") return { kind: "replayed", value: record.value! };
  // Under compensation: whatever its lease, no retry takes it (it would place the order).
  if (record.status === "compensating") return { kind: "in_progress" };
  if (record.status === "pending" && held(world, record)) return { kind: "in_progress" };
  // A record that captured its claims is finished from them: its draft is never judged again.
  return {
    kind: "run",
    same: record,
    refused: !record.captured && world.invalid.has(draft.draft_id),
  };
}

/** Checks the effect key a run got against the model, and records the claim. */
function claimed(
  world: World,
  id: string,
  draft: Draft,
  same: ModelRecord | undefined,
  effectKey: string,
): ModelRecord {
  if (same) {
    if (same.effectKey !== undefined && same.effectKey !== effectKey)
      throw new InvariantBroken(
        `a retry of one record got effect key ${effectKey}, not ${same.effectKey}`,
      );
  } else if (world.seenEffectKeys.has(effectKey)) {
    throw new InvariantBroken(
      `a new record got effect key ${effectKey}, which an earlier record had`,
    );
  }
  world.seenEffectKeys.add(effectKey);
  const record: ModelRecord = {
    draftId: draft.draft_id,
    status: "pending",
    claim: ++world.nextClaim,
    lockedAt: world.clock,
    expiresAt: world.clock + TTL_MS,
    effectKey,
    captured: same?.captured ?? false,
    inDoubt: same?.inDoubt ?? false,
  };
  world.records.set(id, record);
  return record;
}

/**
 * What the person is told, through the kit's `idempotentResult` (every failure of the model
 * says `changes: "none"` of itself): `"none"` must be true — nothing stands charged under the
 * record's effect key (never charged, or refunded). A doubt settles only by a definite answer.
 */
function checkToldChanges(
  world: World,
  outcome: IdempotentOutcome<Value>,
  effectKey: string | undefined,
  what: string,
): void {
  const told = idempotentResult(outcome, (value) =>
    value.ok
      ? { ok: true as const, data: value, text: "" }
      : {
          ok: false as const,
          error: { code: value.code, message: "", retryable: false, changes: "none" as const },
        },
  );
  if (told.ok || told.error.changes !== "none" || effectKey === undefined) return;
  const { charges, refunded } = world.downstream;
  if (charges.has(effectKey) && !refunded.has(effectKey))
    throw new InvariantBroken(`${what}: told changes "none" while ${effectKey} stands charged`);
}

function expectOutcome(
  actual: IdempotentOutcome<Value> | "threw",
  expected: string,
  what: string,
): void {
  const state = actual === "threw" ? "threw" : actual.state;
  if (state !== expected) throw new InvariantBroken(`${what}: expected ${expected}, got ${state}`);
}

/** The real call: `runIdempotent` on the world's store and clock, for `scope`'s draft. */
function commitWith(
  world: World,
  scope: string,
  key: string,
  draft: Draft,
  execute: IdempotentRequest<Value, Captured>["execute"],
): Promise<IdempotentOutcome<Value>> {
  return runIdempotent<Value, Captured>({
    store: world.store,
    scope: `${world.prefix}${scope}`,
    key,
    args: { draft_id: draft.draft_id },
    timing: TIMING,
    now: () => world.clock,
    // Nothing leaves the process before the capture: the side effect judges, then captures.
    ...(world.judgeFirst ? { deferClaimFlush: true, judgeFirst: true } : {}),
    execute,
  });
}

/**
 * `effect` as the side effect sees it, telling `onRun` its effect key once the run is known to
 * be the record's: at once, or — a run before the claim (`judgeFirst`) — once its capture was
 * kept, since until then it may be dropped and run again on an existing record's terms.
 */
function watchRun(
  world: World,
  effect: EffectContext<Captured>,
  onRun: (effectKey: string) => void,
): EffectContext<Captured> {
  if (!world.judgeFirst || effect.captured !== undefined) {
    onRun(effect.effectKey);
    return effect;
  }
  return {
    ...effect,
    capture: async (claims) => {
      await effect.capture(claims);
      onRun(effect.effectKey);
    },
  };
}

/** One commit with `fault`, checked against the model. */
class Commit implements fc.AsyncCommand<World, World> {
  constructor(
    readonly scope: string,
    readonly key: string,
    readonly draft: Draft,
    readonly fault: Fault,
  ) {}
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.commands += 1;
    const id = recordKey(this.scope, this.key);
    const predicted = predict(world, id, this.draft);
    let entered!: (effectKey: string) => void;
    const started = new Promise<string>((resolve) => (entered = resolve));
    let charged!: () => void;
    const reached = new Promise<void>((resolve) => (charged = resolve));
    let wake: (() => void) | undefined;
    let inDoubtSeen: boolean | undefined;
    // The last run's effect key: a refusal never captures, so it is read once the call ended.
    let latest: string | undefined;
    const run = commitWith(world, this.scope, this.key, this.draft, async (effect) => {
      latest = effect.effectKey;
      inDoubtSeen = effect.inDoubt;
      return sideEffect(
        world,
        watchRun(world, effect, entered),
        this.draft,
        this.fault,
        { onStall: (resume) => (wake = resume), onCharged: charged },
        this.key,
      );
    }).then(
      (outcome) => outcome,
      (error: unknown) => {
        if (error instanceof InvariantBroken) throw error;
        return "threw" as const;
      },
    );
    if (predicted.kind !== "run") {
      const outcome = await run;
      expectOutcome(outcome, predicted.kind, `commit ${this.describe()}`);
      if (predicted.kind === "replayed" && outcome !== "threw" && outcome.state === "replayed") {
        if (JSON.stringify(outcome.value) !== JSON.stringify(predicted.value))
          throw new InvariantBroken(`replay of ${this.describe()} returned another value`);
        const record = world.records.get(id)!;
        if (outcome.inDoubt !== record.inDoubt)
          throw new InvariantBroken(`replay of ${this.describe()}: inDoubt ${outcome.inDoubt}`);
        checkToldChanges(world, outcome, record.effectKey, `replay of ${this.describe()}`);
      }
      return;
    }
    const effectKey = await Promise.race([started, run.then(() => latest)]);
    if (effectKey === undefined) {
      const outcome = await run;
      throw new InvariantBroken(
        `commit ${this.describe()}: expected a run, got ${outcome === "threw" ? "threw" : outcome.state}`,
      );
    }
    const earlierDoubt = predicted.same?.inDoubt ?? false;
    if (inDoubtSeen !== earlierDoubt)
      throw new InvariantBroken(`${this.describe()}: the effect was told inDoubt ${inDoubtSeen}`);
    const record = claimed(world, id, this.draft, predicted.same, effectKey);
    if (predicted.refused) {
      // Judged before anything was captured: a final refusal that changed nothing.
      const outcome = await run;
      expectOutcome(outcome, "fresh", this.describe());
      if (outcome === "threw" || outcome.state !== "fresh") return;
      if (outcome.value.ok || outcome.value.code !== "DRAFT_REFUSED" || !outcome.stored)
        throw new InvariantBroken(`${this.describe()}: expected a stored refusal`);
      record.status = "completed";
      record.value = outcome.value;
      return;
    }
    // From its capture on, the attempt may act: the store marks the record in doubt.
    record.captured = true;
    record.inDoubt = true;
    if (this.fault === "kill" || this.fault === "stall") {
      // The process dies (or stalls) after the charge: wait until it got there.
      await Promise.race([reached, run]);
    }
    if (this.fault === "kill") return; // never settles: its promise is dropped with the process
    if (this.fault === "stall") {
      // Wakes later; if its claim was taken over meanwhile, its completion must be refused.
      const claim = record.claim;
      world.stalled.push(() => wake?.());
      world.running.push(
        run.then((outcome) => {
          const now = world.records.get(id);
          // Taken over while it stalled: it stored nothing, so it must answer what the record
          // holds (checked once everything woken has settled), never its own value.
          if (outcome !== "threw" && outcome.state === "replayed")
            world.lateAnswers.push({ id, value: outcome.value, what: this.describe() });
          if (outcome !== "threw" && outcome.state === "fresh" && !outcome.stored)
            throw new InvariantBroken(
              `${this.describe()}: a stalled attempt answered ${JSON.stringify(outcome.value)}, which it never stored`,
            );
          if (outcome === "threw" || outcome.state !== "fresh" || !outcome.stored) return;
          // Its own claim (even past its TTL, if nobody claimed the key since) may complete;
          // a claim taken over or replaced may not.
          if (now && now.claim !== claim)
            throw new InvariantBroken("a stalled owner completed a record that was taken over");
          if (now) {
            now.status = "completed";
            now.value = outcome.value;
            now.inDoubt = earlierDoubt; // a completion keeps the doubt its claim reported
          }
        }),
      );
      return;
    }
    const outcome = await run;
    if (this.fault === "throw" || this.fault === "localFail") {
      expectOutcome(outcome, "threw", this.describe());
      record.status = "open"; // unknown outcome: bound, and free for a retry with these arguments
      return;
    }
    expectOutcome(outcome, "fresh", this.describe());
    if (outcome === "threw" || outcome.state !== "fresh") return;
    const final = this.fault === "none" || this.fault === "decline" || this.fault === "local";
    if (outcome.stored !== final)
      throw new InvariantBroken(`${this.describe()}: stored ${outcome.stored}`);
    // A clean failure (nothing left the process) keeps the doubt the record had; a timeout or a
    // lost request adds it; the provider's decline under the effect key settles it.
    const declined = this.fault === "decline" && !world.downstream.charges.has(effectKey);
    record.inDoubt = declined
      ? false
      : earlierDoubt || this.fault === "timeout" || this.fault === "lost";
    if (outcome.inDoubt !== record.inDoubt)
      throw new InvariantBroken(`${this.describe()}: outcome inDoubt ${outcome.inDoubt}`);
    checkToldChanges(world, outcome, effectKey, this.describe());
    if (final) {
      record.status = "completed";
      record.value = outcome.value;
    } else record.status = "open";
  }
  describe(): string {
    return `${this.scope}/${this.key} ${this.draft.draft_id} (${this.fault})`;
  }
  toString = () => `Commit(${this.describe()})`;
}

/**
 * The side effect: judge the draft (unless an earlier attempt captured it), capture what was
 * confirmed, charge under the effect key, then create the order under it.
 */
async function sideEffect(
  world: World,
  effect: EffectContext<Captured>,
  draft: Draft,
  fault: Fault,
  hooks: { onStall(resume: () => void): void; onCharged(): void },
  key: string,
): Promise<Attempt<Value>> {
  const { effectKey } = effect;
  let total = effect.captured?.total;
  if (!total) {
    if (world.invalid.has(draft.draft_id))
      return { final: true, value: { ok: false, code: "DRAFT_REFUSED" } };
    await effect.capture({
      total: draft.total,
      ...(key === SHEET_KEY ? { kind: SHEET_RECORD } : {}),
    });
    total = draft.total;
  }
  if (fault === "unavailable")
    return { final: false, value: { ok: false, code: "PAYMENT_UNAVAILABLE" } };
  if (fault === "lost")
    return { final: false, value: { ok: false, code: "PAYMENT_TIMEOUT" }, inDoubt: true };
  // A provider answers a key it already charged with that charge (Stripe replays the first
  // answer of a key), so only a key it never charged can be declined: a definite answer under
  // the effect key, which settles an earlier doubt (nothing was charged under it).
  if (fault === "decline" && !world.downstream.charges.has(effectKey))
    return { final: true, value: { ok: false, code: "PAYMENT_DECLINED" }, definite: true };
  if (!world.downstream.charge(effectKey, total))
    return { final: true, value: { ok: false, code: "REFUNDED" } };
  hooks.onCharged();
  if (fault === "timeout")
    return { final: false, value: { ok: false, code: "PAYMENT_TIMEOUT" }, inDoubt: true };
  if (fault === "throw") throw new Error("handler crashed after the charge");
  if (fault === "kill") await new Promise<never>(() => {});
  if (fault === "stall") await new Promise<void>((resolve) => hooks.onStall(resolve));
  // Refunded while it stalled: the order is gone, whatever this attempt thinks.
  if (world.downstream.refunded.has(effectKey))
    return { final: true, value: { ok: false, code: "REFUNDED" } };
  const value: Value = { ok: true, order_id: `ord_${effectKey}`, draft_id: draft.draft_id, total };
  if (fault === "local" || fault === "localFail") {
    await world.orders.ready();
    return {
      final: true,
      value,
      local: async (tx) => {
        await tx.query(
          "INSERT INTO model_local_orders (effect_key, world, draft_id, total) VALUES (:effect_key, :world, :draft_id, :total)",
          {
            effect_key: effectKey,
            world: world.prefix,
            draft_id: draft.draft_id,
            total: JSON.stringify(total),
          },
        );
        if (fault === "localFail") throw new Error("the order row broke a constraint");
      },
    };
  }
  world.downstream.createOrder(effectKey, draft.draft_id, total);
  return { final: true, value };
}

/** `n` concurrent commits of one key and draft: one runs (if any may), the rest agree. */
class Burst implements fc.AsyncCommand<World, World> {
  constructor(
    readonly scope: string,
    readonly key: string,
    readonly draft: Draft,
    readonly n: number,
  ) {}
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.commands += 1;
    const id = recordKey(this.scope, this.key);
    const predicted = predict(world, id, this.draft);
    const keys: string[] = [];
    let latest: string | undefined;
    const outcomes = await Promise.all(
      Array.from({ length: this.n }, () =>
        commitWith(world, this.scope, this.key, this.draft, async (effect) => {
          latest = effect.effectKey;
          return sideEffect(
            world,
            watchRun(world, effect, (key) => keys.push(key)),
            this.draft,
            "none",
            {
              onStall: () => {},
              onCharged: () => {},
            },
            this.key,
          );
        }),
      ),
    );
    const fresh = outcomes.filter((outcome) => outcome.state === "fresh");
    if (predicted.kind !== "run") {
      for (const outcome of outcomes)
        expectOutcome(outcome, predicted.kind, `burst ${this.toString()}`);
      return;
    }
    if (fresh.length !== 1)
      throw new InvariantBroken(`burst ${this.toString()}: ${fresh.length} runs`);
    for (const outcome of outcomes)
      if (!["fresh", "in_progress", "replayed"].includes(outcome.state))
        throw new InvariantBroken(`burst ${this.toString()}: ${outcome.state}`);
    const record = claimed(world, id, this.draft, predicted.same, keys[0] ?? latest!);
    record.status = "completed";
    record.value = (fresh[0] as { value: Value }).value;
    if (predicted.refused !== (record.value.ok === false))
      throw new InvariantBroken(`burst ${this.toString()}: refused ${!record.value.ok}`);
  }
  toString = () => `Burst(${this.scope}/${this.key} ${this.draft.draft_id} ×${this.n})`;
}

/** Time passes: a little, past a lease (takeover), or past a record's TTL (expiry). */
class Advance implements fc.AsyncCommand<World, World> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.clock += this.ms;
  }
  toString = () => `Advance(${this.ms})`;
}

/** The stalled side effects wake up. */
class Wake implements fc.AsyncCommand<World, World> {
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    for (const wake of world.stalled.splice(0)) wake();
    await Promise.all(world.running.splice(0));
    for (const { id, value, what } of world.lateAnswers.splice(0)) {
      const stored = world.records.get(id)?.value ?? world.expiredValues.get(id);
      if (JSON.stringify(stored) !== JSON.stringify(value))
        throw new InvariantBroken(
          `${what}: answered ${JSON.stringify(value)}, the record holds ${JSON.stringify(stored)}`,
        );
    }
  }
  toString = () => "Wake";
}

/* -------------------------------------------------------------------------------------------
 * Confirmation proofs (issue 31): the same commits through the kit's tool server, whose
 * commit is declared `confirm: { prepare }`. Only a genuine, unexpired proof of this draft
 * for this caller reaches the handler — which then is exactly a `Commit` above, checked
 * against the model — and every other proof is refused before anything is claimed, run or
 * charged: no proof (the model's call), a stale one, a forged one, another caller's, another
 * draft's. The proof is not in the fingerprint, so a fresh proof for the same draft and key
 * replays the record, and a proof never makes a second order.
 * -----------------------------------------------------------------------------------------*/

/** What a commit sends as its `confirmation`. */
type ProofKind = "valid" | "none" | "stale" | "forged" | "other-caller" | "other-draft";

const PROOF_TTL_MS = 3 * TTL_MS;
const SECRET = "model-secret";

/** The world's gate: a tool server whose commit runs the command's `Commit` under a proof. */
function gateOf(world: World & { gate?: ToolServer; pending?: () => Promise<void> }): ToolServer {
  world.gate ??= createToolServer({
    info: { name: "model", version: "1" },
    contract: things,
    log: silentLogger,
    confirmation: { secret: SECRET, ttlMs: PROOF_TTL_MS, now: () => world.clock },
    tools: [
      {
        name: "prep",
        description: "Prepares.",
        annotations: {},
        kind: "thing_draft",
        outputSchema: { type: "object" },
        arguments: { schema: v.strictObject({ draft_id: v.string() }), repair: () => ({}) },
        handler: async (args) => ({ ok: true, data: { draft: args }, text: "" }),
      },
      {
        name: "commit",
        description: "Commits.",
        annotations: {},
        kind: "thing",
        outputSchema: { type: "object" },
        writes: true,
        confirm: { prepare: "prep" },
        arguments: {
          schema: v.strictObject({ draft_id: v.string(), idempotency_key: v.string() }),
          repair: () => ({}),
        },
        handler: async () => {
          await world.pending?.();
          return { ok: true, data: {}, text: "" };
        },
      },
    ],
  });
  return world.gate;
}

const caller = (scope: string) => ({ principal: { issuer: "model", subject: scope, scopes: [] } });

/** The proof of `kind` for `scope`'s commit of `draft`. */
async function proofOf(world: World, kind: ProofKind, scope: string, draft: Draft) {
  const other = DRAFTS.find((d) => d.draft_id !== draft.draft_id)!;
  const issue = (secret: string, now: number, id: string, who: string) =>
    createConfirmationSigner({ secret, ttlMs: PROOF_TTL_MS, now: () => now }).issue(
      id,
      callerScope(caller(who).principal),
    );
  switch (kind) {
    case "valid": {
      // As the widget gets it: from the prepare result's `_meta`.
      const prepared = await gateOf(world).callTool(
        "prep",
        { draft_id: draft.draft_id },
        caller(scope),
      );
      return prepared._meta?.[CONFIRMATION_META];
    }
    case "none":
      return undefined;
    case "stale":
      return issue(SECRET, world.clock - PROOF_TTL_MS - 1, draft.draft_id, scope);
    case "forged":
      return issue("not-the-secret", world.clock, draft.draft_id, scope);
    case "other-caller":
      return issue(SECRET, world.clock, draft.draft_id, scope === "alice" ? "bob" : "alice");
    case "other-draft":
      return issue(SECRET, world.clock, other.draft_id, scope);
  }
}

/** One commit through the gate with a proof of `proof`'s kind. */
class ProofCommit implements fc.AsyncCommand<World, World> {
  constructor(
    readonly scope: string,
    readonly key: string,
    readonly draft: Draft,
    readonly fault: Fault,
    readonly proof: ProofKind,
  ) {}
  check = () => true;
  async run(_model: World, world: World & { pending?: () => Promise<void> }): Promise<void> {
    const confirmation = await proofOf(world, this.proof, this.scope, this.draft);
    let ran = false;
    let broken: unknown;
    world.pending = async () => {
      ran = true;
      // The commit the model predicts, on the same store and downstream world.
      await new Commit(this.scope, this.key, this.draft, this.fault)
        .run(world, world)
        .catch((error: unknown) => void (broken = error));
    };
    const charges = world.downstream.charges.size;
    const result = await gateOf(world).callTool(
      "commit",
      {
        draft_id: this.draft.draft_id,
        idempotency_key: this.key,
        ...(confirmation === undefined ? {} : { confirmation }),
      },
      caller(this.scope),
    );
    world.pending = undefined;
    if (broken) throw broken;
    if (this.proof === "valid") {
      if (!ran) throw new InvariantBroken(`${this.toString()}: a valid proof was refused`);
      return;
    }
    world.commands += 1;
    const error = (result.structuredContent as { error?: { code?: string; changes?: string } })
      .error;
    if (ran || error?.code !== "CONFIRMATION_REQUIRED" || error.changes !== "none")
      throw new InvariantBroken(`${this.toString()}: not refused before the handler`);
    if (world.downstream.charges.size !== charges)
      throw new InvariantBroken(`${this.toString()}: charged without a valid proof`);
  }
  toString = () =>
    `ProofCommit(${this.scope}/${this.key} ${this.draft.draft_id} (${this.fault}), ${this.proof})`;
}

/** The commits through the gate, one per proof kind (valid ones as often as the rest together). */
function proofCommits(
  scope: fc.Arbitrary<string>,
  key: fc.Arbitrary<string>,
  draft: fc.Arbitrary<Draft>,
  fault: fc.Arbitrary<Fault>,
) {
  const proof = fc.oneof(
    { weight: 5, arbitrary: fc.constant<ProofKind>("valid") },
    {
      weight: 5,
      arbitrary: fc.constantFrom<ProofKind>(
        "none",
        "stale",
        "forged",
        "other-caller",
        "other-draft",
      ),
    },
  );
  return fc
    .tuple(scope, key, draft, fault, proof)
    .map(([s, k, d, f, p]) => new ProofCommit(s, k, d, f, p));
}

/**
 * A draft stops judging: it expired, or the secret that signed it was rotated. An attempt
 * that captured it must still finish; a new one is refused, having changed nothing.
 */
class Invalidate implements fc.AsyncCommand<World, World> {
  constructor(
    readonly draft: Draft,
    readonly why: "expired" | "rotated",
  ) {}
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.invalid.add(this.draft.draft_id);
  }
  toString = () => `Invalidate(${this.draft.draft_id}, ${this.why})`;
}

/**
 * The server restarts: whatever was stalled dies with the old process and never wakes. Its
 * claims go stale and the next retry takes them over, in doubt, from what they captured.
 */
class Restart implements fc.AsyncCommand<World, World> {
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.stalled.splice(0);
    world.running.splice(0);
  }
  toString = () => "Restart";
}

/** The reconciler's settings in the model: grace 0, the model's lease and TTL, no limit. */
const passOf = (world: World) => ({
  store: world.store,
  now: () => world.clock,
  graceMs: 0,
  leaseMs: LEASE_MS,
  ttlMs: TTL_MS,
  limit: 1_000,
});

/** The model's id of a record the reconciler took. */
const modelIdOf = (world: World, record: { scope: string; key: string }) =>
  recordKey(record.scope.slice(world.prefix.length), record.key);

/**
 * The reconciler runs (issue 32): every record owed its effect whose lease ran out — and only
 * those — is taken over and completed from its captured claims (charged and ordered under its
 * own effect key, downstream or as a local row), or compensated (refunded, its order
 * cancelled). Its answer becomes the record's, replayed to a late retry; a stalled owner that
 * wakes afterwards completes nothing.
 *
 * Two reconcilers (issue 60): the server's, whose hooks own every way the app's money moves
 * (its commits and the payment sheet's payments), and the operator's `reconcile` command in
 * another process whose module built the app's order hooks alone — they know nothing of the
 * sheet, and would "refund" a sheet payment under the app's own payment key (`pay_<effect
 * key>`, never charged), leaving the sheet's charge standing. The kit must hand that pass no
 * sheet record: each is put back as it was (`unowned`), for the server's pass to finish.
 */
class Reconcile implements fc.AsyncCommand<World, World> {
  constructor(
    readonly how: "complete" | "local" | "compensate",
    readonly hooks: "server" | "operator" = "server",
  ) {}
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.commands += 1;
    const due = new Map<string, "compensated" | "completed" | "unowned">();
    for (const id of [...world.records.keys()]) {
      const record = current(world, id);
      if (!record || record.status === "completed" || !record.captured) continue;
      if (!record.inDoubt && record.status !== "pending") continue;
      const claimedNow = record.status === "pending" || record.status === "compensating";
      if (claimedNow && held(world, record)) continue;
      // The grace is 0: a record whose last attempt began before now.
      // A record claimed for compensation is compensated, whatever this pass would do.
      if (record.lockedAt < world.clock)
        due.set(
          id,
          this.hooks === "operator" && isSheetRecord(id)
            ? "unowned"
            : this.how === "compensate" || record.status === "compensating"
              ? "compensated"
              : "completed",
        );
    }
    const done = new Map<string, { action: string; value?: Value; compensating?: boolean }>();
    const mine = (scope: string) => scope.startsWith(world.prefix);
    const idOf = (record: { scope: string; key: string }) => modelIdOf(world, record);
    const notMine: Attempt<Value> = { final: false, value: { ok: false, code: "NOT_MINE" } };
    const appHooks = this.hooks === "operator";
    await reconcileInDoubt<Value, Captured>({
      ...passOf(world),
      ...(this.how === "compensate" ? { compensateAfterMs: -1 } : {}),
      // The server's hooks own both ways; the operator's module left `owns` to the kit.
      ...(appHooks ? {} : { owns: () => true }),
      complete: async (record) => {
        if (!mine(record.scope)) return notMine;
        // The app's order hooks cannot finish a payment they know nothing of.
        if (appHooks && record.captured.kind === SHEET_RECORD)
          return { final: false, value: { ok: false, code: "NOT_AN_ORDER" } };
        const draft = DRAFTS.find((d) => d.draft_id === world.records.get(idOf(record))?.draftId);
        if (!draft)
          throw new InvariantBroken(`the reconciler took ${record.key}, unknown to the model`);
        const attempt = await sideEffect(
          world,
          record,
          draft,
          this.how === "local" ? "local" : "none",
          { onStall: () => {}, onCharged: () => {} },
          record.key,
        );
        done.set(idOf(record), { action: "", value: attempt.value });
        return attempt;
      },
      compensate: async (record) => {
        if (!mine(record.scope)) return notMine;
        // The app's refund of an order, run on a sheet payment: it voids the app's own key,
        // never charged, and says nothing was charged — while the sheet's charge stands.
        world.downstream.refund(
          appHooks && record.captured.kind === SHEET_RECORD
            ? `pay_${record.effectKey}`
            : record.effectKey,
        );
        const value: Value = { ok: false, code: "REFUNDED" };
        done.set(idOf(record), { action: "", value });
        // The refund under the effect key undid it: definite, so the doubt is settled.
        return { final: true, value, definite: true };
      },
      onReconciled: (record, action) => {
        if (!mine(record.scope)) return;
        const entry = done.get(idOf(record)) ?? { action };
        done.set(idOf(record), { ...entry, action });
      },
    });
    for (const [id, { action, value }] of done) {
      const expected = due.get(id);
      if (!expected) throw new InvariantBroken(`the reconciler took ${id}, which was not owed`);
      if (action !== expected)
        throw new InvariantBroken(`the reconciler ${action} ${id}, expected ${expected}`);
      const record = world.records.get(id)!;
      record.claim = ++world.nextClaim; // a stalled owner's completion is refused from now on
      record.lockedAt = world.clock;
      record.expiresAt = Math.max(record.expiresAt, world.clock + TTL_MS);
      if (action === "unowned") {
        // Put back untouched: still owed and in doubt. The statement that took it claimed a
        // compensation when the pass compensates: it stays one, free at once for its owner.
        if (this.how === "compensate" || record.status === "compensating") {
          record.status = "compensating";
          record.lease = 0;
        } else record.status = "open";
        record.inDoubt = true;
        continue;
      }
      record.lease = undefined;
      record.status = "completed";
      record.value = value!;
      record.inDoubt = action !== "compensated";
    }
    for (const id of due.keys())
      if (!done.has(id)) throw new InvariantBroken(`the reconciler left ${id}, which was owed`);
  }
  toString = () => `Reconcile(${this.how}${this.hooks === "operator" ? ", operator" : ""})`;
}

/**
 * A reconciler pass whose refund call is slow (issue 49): it claims each owed record of this
 * world for compensation, and the first refund stalls — past its lease, while retries, other
 * passes and clock steps go on — until `Wake` (or never, after a `Restart`). The record is
 * compensating from the claim on: a retry meets it (`in_progress`), a later pass takes it
 * over once the lease ran out and compensates it again under the same effect key, and the
 * slow pass, when its refund lands, stores nothing if it was taken over.
 */
class SlowCompensation implements fc.AsyncCommand<World, World> {
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.commands += 1;
    const start = world.clock;
    const claims = new Map<string, number>();
    let stalls = 1;
    const idOf = (record: { scope: string; key: string }) => modelIdOf(world, record);
    let entered!: () => void;
    const reached = new Promise<void>((resolve) => (entered = resolve));
    const pass = reconcileInDoubt<Value, Captured>({
      ...passOf(world),
      compensateAfterMs: -1,
      // The server's pass: its hooks own both ways of paying.
      owns: () => true,
      complete: () => {
        throw new InvariantBroken("a compensating pass completed a record");
      },
      compensate: async (record) => {
        if (!record.scope.startsWith(world.prefix))
          return { final: false, value: { ok: false, code: "NOT_MINE" } };
        const id = idOf(record);
        const model = current(world, id);
        // Owed, and untouched since the pass began (its grace is 0).
        const owed =
          model !== undefined &&
          model.status !== "completed" &&
          model.captured &&
          (model.inDoubt || model.status === "pending") &&
          !(
            (model.status === "pending" || model.status === "compensating") &&
            held(world, model)
          ) &&
          model.lockedAt < start;
        if (!owed) throw new InvariantBroken(`the slow pass took ${id}, which was not owed`);
        model.status = "compensating";
        model.lease = undefined;
        model.claim = ++world.nextClaim;
        model.lockedAt = world.clock;
        model.expiresAt = Math.max(model.expiresAt, world.clock + TTL_MS);
        model.inDoubt = true;
        claims.set(id, model.claim);
        if (stalls-- > 0) {
          // The refund call is under way and does not answer yet.
          await new Promise<void>((resolve) => {
            world.stalled.push(resolve);
            entered();
          });
        }
        world.downstream.refund(record.effectKey);
        return { final: true, value: { ok: false, code: "REFUNDED" }, definite: true };
      },
      onReconciled: (record, action) => {
        if (!record.scope.startsWith(world.prefix)) return;
        const id = idOf(record);
        const model = world.records.get(id)!;
        if (action === "lost" || action === "retry_later") return;
        if (action !== "compensated" || model.claim !== claims.get(id))
          throw new InvariantBroken(`the slow pass ${action} ${id} after it was taken over`);
        model.status = "completed";
        model.value = { ok: false, code: "REFUNDED" };
        model.inDoubt = false; // the refund settled the doubt
        model.claim = ++world.nextClaim;
      },
    });
    world.running.push(pass);
    // On until its first refund stalls (or it found nothing to refund).
    await Promise.race([reached, pass]);
  }
  toString = () => "SlowCompensation";
}

/**
 * Retention runs: records past their TTL are purged — never one owed its effect (an in-doubt
 * record past its TTL stays, so its retry keeps its effect key), never a running claim.
 */
class Purge implements fc.AsyncCommand<World, World> {
  check = () => true;
  async run(_model: World, world: World): Promise<void> {
    world.commands += 1;
    await world.store.purgeExpired(world.clock, 1_000);
    for (const id of [...world.records.keys()]) current(world, id);
  }
  toString = () => "Purge";
}

/** Issue 32's commands (drafts that stop judging, restarts, the reconciler, retention). */
function inDoubtCommands() {
  return [
    fc
      .constantFrom("complete" as const, "local" as const, "compensate" as const)
      .map((how) => new Reconcile(how)),
    fc
      .constantFrom("complete" as const, "compensate" as const)
      .map((how) => new Reconcile(how, "operator")),
    fc.constant(new Purge()),
    fc.constant(new SlowCompensation()),
    fc
      .tuple(fc.constantFrom(...DRAFTS), fc.constantFrom("expired" as const, "rotated" as const))
      .map(([draft, why]) => new Invalidate(draft, why)),
    fc.constant(new Restart()),
  ];
}

/** The commands, over two callers, two keys and three drafts (so keys collide often). */
export function commandsArbitrary() {
  const scope = fc.constantFrom("alice", "bob");
  const key = fc.constantFrom("key-1", "key-2");
  const draft = fc.constantFrom(...DRAFTS);
  const fault = fc.oneof(
    { weight: 4, arbitrary: fc.constant<Fault>("none") },
    {
      weight: 6,
      arbitrary: fc.constantFrom<Fault>(
        "unavailable",
        "decline",
        "timeout",
        "lost",
        "throw",
        "kill",
        "stall",
        "local",
        "localFail",
      ),
    },
  );
  return fc.commands(
    [
      fc.tuple(scope, key, draft, fault).map(([s, k, d, f]) => new Commit(s, k, d, f)),
      fc
        .tuple(scope, key, draft, fc.integer({ min: 2, max: 8 }))
        .map(([s, k, d, n]) => new Burst(s, k, d, n)),
      fc.constantFrom(200, LEASE_MS + 1, TTL_MS + 1).map((ms) => new Advance(ms)),
      fc.constant(new Wake()),
      proofCommits(scope, key, draft, fault),
      ...inDoubtCommands(),
    ],
    { maxCommands: 40, size: "max" },
  );
}

/**
 * After a run: every stalled side effect wakes, every request still open is retried by its
 * caller (as a host does) until it has a final answer, and then the downstream world must
 * hold the invariant.
 */
export async function settleAndCheck(world: World): Promise<void> {
  await new Wake().run(world, world);
  world.clock += LEASE_MS + 1; // killed claims go stale; no record expires (TTL ≫ lease)
  // A compensation whose pass died with its process is finished by the next pass (a retry
  // waits for it): one runs before the retries.
  if ([...world.records.values()].some((record) => record.status === "compensating")) {
    await new Reconcile("complete").run(world, world);
    world.clock += 1;
  }
  for (const [id, record] of [...world.records]) {
    if (!current(world, id) || record.status === "completed") continue;
    const [scope, key] = id.split("\n") as [string, string];
    const draft = DRAFTS.find((d) => d.draft_id === record.draftId)!;
    await new Commit(scope, key, draft, "none").run(world, world);
  }
  // Local orders are rows the completing transactions committed: one per effect key at most
  // (the primary key), and one only where its record completed.
  const { rows } = await world.orders.query<{
    effect_key: string;
    draft_id: string;
    total: string;
  }>("SELECT effect_key, draft_id, total FROM model_local_orders WHERE world = :world", {
    world: world.prefix,
  });
  for (const row of rows) {
    if (world.downstream.refunded.has(row.effect_key))
      throw new InvariantBroken(`effect key ${row.effect_key} ordered locally and refunded`);
    // One order book, idempotent on the effect key, kept two ways: an attempt that stalled
    // after its charge and woke after a takeover that placed the order as a local row (a
    // retry, the reconciler) adds it downstream too — the same order, never a second one.
    const total = JSON.parse(row.total) as Money;
    const downstream = world.downstream.orders.get(row.effect_key);
    if (
      downstream &&
      (downstream.draft_id !== row.draft_id || show(downstream.total) !== show(total))
    )
      throw new InvariantBroken(`effect key ${row.effect_key} ordered twice, differently`);
    world.downstream.createOrder(row.effect_key, row.draft_id, total);
  }
  const { charges, orders, refunded, violations } = world.downstream;
  if (violations.length > 0) throw new InvariantBroken(violations.join("; "));
  for (const [effectKey, charge] of charges) {
    if (charge.creations > 1) throw new InvariantBroken(`effect key ${effectKey} charged twice`);
    // No exception: an in-doubt record never expires unfinished, so every charge is owed its
    // order — or was refunded by the reconciler, and then has none.
    if (refunded.has(effectKey)) {
      if (orders.has(effectKey))
        throw new InvariantBroken(`effect key ${effectKey} refunded and ordered`);
    } else if (!orders.has(effectKey))
      throw new InvariantBroken(
        `effect key ${effectKey} charged ${show(charge.total)} without its order or its refund`,
      );
  }
  for (const [effectKey, order] of orders) {
    if (order.attempts.size > 1)
      throw new InvariantBroken(
        `effect key ${effectKey} served drafts ${[...order.attempts].join(", ")}`,
      );
    const charge = charges.get(effectKey);
    if (!charge || refunded.has(effectKey))
      throw new InvariantBroken(`order under ${effectKey} has no charge that stands`);
    if (show(charge.total) !== show(order.total))
      throw new InvariantBroken(
        `order under ${effectKey} at ${show(order.total)} charged ${show(charge.total)}`,
      );
  }
}

/** The local orders table on `store`'s database (one per store, shared by its worlds). */
const localTables = new WeakMap<IdempotencyStore, LocalDatabase>();
function localOrders(store: IdempotencyStore): LocalDatabase {
  let table = localTables.get(store);
  if (!table) {
    table = localDatabase(store, [
      "CREATE TABLE IF NOT EXISTS model_local_orders (effect_key TEXT PRIMARY KEY, world TEXT NOT NULL, draft_id TEXT NOT NULL, total TEXT NOT NULL)",
    ]);
    localTables.set(store, table);
  }
  return table;
}

/** A fresh world on `store` (each run its own callers, so one store serves every run). */
export function newWorld(store: IdempotencyStore, run: number): World {
  return {
    clock: 1_900_000_000_000,
    records: new Map(),
    seenEffectKeys: new Set(),
    invalid: new Set(),
    nextClaim: 0,
    store,
    prefix: `model-${process.pid}-${Date.now()}-${run}:`,
    judgeFirst: run % 2 === 1,
    downstream: new Downstream(),
    orders: localOrders(store),
    stalled: [],
    running: [],
    lateAnswers: [],
    expiredValues: new Map(),
    commands: 0,
  };
}
