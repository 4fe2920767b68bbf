/**
 * The reconciler: every in-doubt record that nobody retries is finished within a bound. A
 * record is in doubt once an attempt captured what the person confirmed and then may have
 * acted (a timeout after the charge left, a throw, a crash); the caller's retry finishes it,
 * but a person who closed the chat never retries, and the charge would stand without its
 * order. The reconciler takes such a record over as a claim of its own — atomically, so any
 * number of processes may run it at once and each record is worked on by one — and either
 * completes it (the app's effect again, from the captured claims, under the same effect key)
 * or, once it is older than the app allows, compensates it (a refund); either answer is stored
 * as the record's final one, so a late retry replays it.
 */
import { ClaimLost, type Attempt, type EffectContext } from "./run-idempotent.ts";
import { recordsOf, type IdempotencyStore, type InDoubtClaim, type RecordStore } from "./store.ts";

/** An in-doubt record the reconciler took over, as the app's callbacks see it. */
export interface InDoubtRecord<C> extends EffectContext<C> {
  /** What the first attempt captured (always set here). */
  captured: C;
  /** The caller scope and idempotency key of the record (for the log; never re-judged). */
  scope: string;
  /** The idempotency key the record was claimed under. */
  key: string;
  /** When the record was first claimed (ms since the epoch). */
  createdAt: number;
}

/** What the reconciler did with one record (see `ReconcileOptions.onReconciled`). */
export type ReconcileAction = "completed" | "compensated" | "retry_later" | "lost" | "unowned";

/**
 * The prefix of the kit's own record kinds (`captured.kind`: a payment sheet's payment is
 * `mcp-widget-kit/payment-sheet`). Such a record is settled only by options whose `owns`
 * claims it — never by an app's hooks that were written for its own commits.
 */
export const KIT_RECORD_KIND = "mcp-widget-kit/";

/** Whether `captured` is a record of one of the kit's own kinds (a payment sheet's). */
export function isKitRecord(captured: unknown): boolean {
  if (typeof captured !== "object" || captured === null) return false;
  const kind = (captured as { kind?: unknown }).kind;
  return typeof kind === "string" && kind.startsWith(KIT_RECORD_KIND);
}

/**
 * Options of `startReconciler` (and of an app's reconciliation module, which the
 * `mcp-widget-kit reconcile` command runs); `T` is the stored answer, `C` the claims (both
 * `unknown` unless given, so `ReconcileOptions` alone names the module's options).
 */
export interface ReconcileOptions<T = unknown, C = unknown> {
  /** The records' store (`createSqliteStore`, `createPostgresStore`). */
  store: IdempotencyStore;
  /**
   * Finishes the record's effect from `record.captured` under `record.effectKey` — the same
   * code path a retry runs (the side effect of `runIdempotent`; `capture` throws here, the
   * claims are already kept). A final answer is stored (with its `local` writes, in one
   * transaction); a retryable one leaves the record in doubt for the next round.
   */
  complete(record: InDoubtRecord<C>): Promise<Attempt<T>>;
  /**
   * Undoes the effect (a refund under the effect key) and returns the final answer a retry
   * will replay; `definite: true` when the undo is certain, so its `changes: "none"` stands. Used instead of `complete` for records in doubt longer than
   * `compensateAfterMs`. Without it every record is completed.
   */
  compensate?(record: InDoubtRecord<C>): Promise<Attempt<T>>;
  /**
   * Records first claimed longer ago than this are compensated (default: never). The pass
   * claims the compensation in the record in the statement that takes it, before `compensate`
   * runs: from then on no retry completes the record (it waits, then replays the refund), and
   * every later pass compensates it again under the same effect key until one stores it.
   */
  compensateAfterMs?: number;
  /**
   * A record is left alone this long after its last attempt began, so the caller's own retry
   * comes first (default 60 s). Never less than the lease: a running claim is not taken.
   */
  graceMs?: number;
  /**
   * Whether `complete` and `compensate` are this record's: what its first attempt captured
   * decides (which write, which way it was paid). A record they do not own is left as it was
   * — in doubt, for the reconciler that owns it — and counted `unowned`. Default: every
   * record but the kit's own kinds (a payment sheet's payments), which only options that
   * claim them settle (`sheet.reconciler(…)`, a tool server's `reconciler`): hooks written
   * for the app's commits never refund or complete a payment they know nothing of.
   */
  owns?(captured: unknown): boolean;
  /** The lease of the reconciler's own claim (default 30 s). */
  leaseMs?: number;
  /** How long a finished record is replayed from now on (default 24 h). */
  ttlMs?: number;
  /** Records worked on per pass at most (default 100). */
  limit?: number;
  /** How often `startReconciler` runs a pass (default every 60 s; the first runs at once). */
  everyMs?: number;
  /**
   * No timer and no first pass: a pass runs only when `runOnce()` is called (a test with a
   * fake clock). Default false.
   */
  manual?: boolean;
  /** The clock (ms since the epoch); default `Date.now`. */
  now?: () => number;
  /** Told of a callback or store failure (the record stays owed: the next round tries again). */
  onError?(error: unknown, record: InDoubtRecord<C> | undefined): void;
  /**
   * Told of every record worked on, and what was done with it: `completed` — finished from
   * its captured claims, the stored answer is `complete`'s; `compensated` — undone, the stored
   * answer is `compensate`'s; `retry_later` — the callback could not finish it now (a
   * retryable answer or a throw): next round; `lost` — taken over meanwhile (this round
   * outlived its lease): its new owner finishes it; `unowned` — not these options' record
   * (`owns`): left in doubt, untouched, for the reconciler that owns it.
   */
  onReconciled?(
    record: InDoubtRecord<C>,
    action: "completed" | "compensated" | "retry_later" | "lost" | "unowned",
  ): void;
}

/** What one pass did: how many records per action. */
export type ReconcileCounts = Record<ReconcileAction, number>;

/** A pass that did nothing. */
const NO_COUNTS: ReconcileCounts = {
  completed: 0,
  compensated: 0,
  retry_later: 0,
  lost: 0,
  unowned: 0,
};

const DEFAULTS = { graceMs: 60_000, leaseMs: 30_000, ttlMs: 24 * 3_600_000, limit: 100 };

function recordOf<C>(claim: InDoubtClaim, fence: () => Promise<void>): InDoubtRecord<C> {
  return {
    scope: claim.scope,
    key: claim.key,
    createdAt: claim.createdAt,
    effectKey: claim.effectKey,
    attempt: claim.attempt,
    captured: JSON.parse(claim.captured) as C,
    inDoubt: true,
    capture: () =>
      Promise.reject(new TypeError("an in-doubt record's claims were captured already")),
    fence,
  };
}

/** `EffectContext.fence` of a reconciler's claim: renews its lease, or rejects when it is lost. */
function fenceOf(store: RecordStore, claim: InDoubtClaim, now: () => number, leaseMs: number) {
  return async () => {
    if (!(await store.renew(claim, now(), leaseMs))) throw new ClaimLost();
  };
}

/** Works on one taken-over record; never throws (failures go to `onError`). */
async function settle<T, C>(
  options: ReconcileOptions<T, C>,
  claim: InDoubtClaim,
): Promise<ReconcileAction> {
  const store = recordsOf(options.store);
  const record = recordOf<C>(
    claim,
    fenceOf(store, claim, options.now ?? Date.now, options.leaseMs ?? DEFAULTS.leaseMs),
  );
  // Another write's record, or a way of paying these hooks know nothing of: put back as it
  // was, still owed, before anything is called — settling it here would store a wrong answer
  // (a refund of a charge never made, while the real one stands).
  const owns = options.owns ?? ((captured: unknown) => !isKitRecord(captured));
  if (!owns(record.captured)) {
    await store.reopen(claim, undefined, true).catch((e: unknown) => options.onError?.(e, record));
    return "unowned";
  }
  // Claimed for compensation by the statement that took it (before any refund is sent): a
  // record once claimed so is only ever compensated, whoever takes it next.
  const undo = claim.compensating;
  let attempt: Attempt<T>;
  try {
    if (undo && !options.compensate)
      throw new TypeError("a record claimed for compensation needs `compensate`");
    attempt = undo ? await options.compensate!(record) : await options.complete(record);
  } catch (error) {
    if (error instanceof ClaimLost) return "lost";
    options.onError?.(error, record);
    // Still owed, still in doubt: free at once for a retry or the next round.
    await store.reopen(claim, undefined, true).catch((e: unknown) => options.onError?.(e, record));
    return "retry_later";
  }
  const response = { body: JSON.stringify(attempt.value) };
  try {
    if (!attempt.final) {
      await store.reopen(claim, response, true);
      return "retry_later";
    }
    // A definite answer (a refund that undid the effect) settles the doubt for every replay.
    const kept = await store.complete(claim, response, attempt.definite !== true, attempt.local);
    return kept ? (undo ? "compensated" : "completed") : "lost";
  } catch (error) {
    options.onError?.(error, record);
    await store.reopen(claim, undefined, true).catch((e: unknown) => options.onError?.(e, record));
    return "retry_later";
  }
}

/**
 * One pass (the kit's: `startReconciler` runs it on its timer, the `reconcile` command in a
 * loop): takes over the owed records one by one (at most `limit`) and completes or
 * compensates each; returns what it did. Safe from several processes at once. A record whose
 * callback failed now is not taken again in the same pass.
 */
export async function reconcileInDoubt<T, C = unknown>(
  options: ReconcileOptions<T, C>,
): Promise<ReconcileCounts> {
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const graceMs = Math.max(options.graceMs ?? DEFAULTS.graceMs, 0);
  const ttlMs = options.ttlMs ?? DEFAULTS.ttlMs;
  const limit = options.limit ?? DEFAULTS.limit;
  if (!(leaseMs > 0 && ttlMs > 0 && Number.isInteger(limit) && limit > 0))
    throw new RangeError("reconcileInDoubt needs leaseMs and ttlMs above 0 and a positive limit");
  const counts: ReconcileCounts = { ...NO_COUNTS };
  // A record reopened in this pass has a newer `locked_at` than the pass's start: not retaken.
  const start = now();
  for (let n = 0; n < limit; n++) {
    const at = now();
    const claim = await recordsOf(options.store).claimInDoubt({
      now: at,
      settledBefore: Math.min(start, at) - graceMs - 1,
      leaseMs,
      ttlMs,
      ...(options.compensate && options.compensateAfterMs !== undefined
        ? { compensateBefore: at - options.compensateAfterMs }
        : {}),
    });
    if (!claim) break;
    const action = await settle(options, claim);
    counts[action] += 1;
    options.onReconciled?.(
      recordOf<C>(claim, () => Promise.resolve()),
      action,
    );
  }
  return counts;
}

/**
 * Runs `reconcileInDoubt` in the server: a pass at once and then every `everyMs`, on a timer
 * that does not keep the process alive; a pass still running when the next is due is not
 * doubled, and a pass that failed (the database down) is told to `onError` and retried on the
 * next tick. Every process of the app may run one: they share the records.
 */
export function startReconciler<T, C = unknown>(
  options: ReconcileOptions<T, C>,
): {
  /**
   * The bound (ms): a record in doubt is finished at most this long after its last attempt
   * began — `max(graceMs, the attempt's lease) + everyMs` — provided its callback succeeds
   * then (the payment provider answers) and a pass gets through the due records (`limit`).
   */
  readonly boundMs: number;
  /**
   * Runs a pass now (or joins the running one); resolves to how many records it `completed`,
   * `compensated`, left for later (`retry_later`) and `lost` (see `onReconciled`).
   */
  runOnce(): Promise<{
    completed: number;
    compensated: number;
    retry_later: number;
    lost: number;
    unowned: number;
  }>;
  /** Stops the timer and waits for a running pass. */
  stop(): Promise<void>;
} {
  const everyMs = options.everyMs ?? 60_000;
  if (!(everyMs > 0)) throw new RangeError("everyMs must be above 0");
  const graceMs = Math.max(options.graceMs ?? DEFAULTS.graceMs, 0);
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  let running: Promise<ReconcileCounts> | undefined;
  const runOnce = () =>
    (running ??= reconcileInDoubt(options)
      .catch((error: unknown) => {
        options.onError?.(error, undefined);
        return { ...NO_COUNTS };
      })
      .finally(() => (running = undefined)));
  let timer: ReturnType<typeof setInterval> | undefined;
  if (!options.manual) {
    void runOnce();
    timer = setInterval(() => void runOnce(), everyMs);
    timer.unref();
  }
  return {
    boundMs: Math.max(graceMs, leaseMs) + everyMs,
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
