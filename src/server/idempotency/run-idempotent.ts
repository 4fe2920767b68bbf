/**
 * Runs a side effect at most once per (caller scope, idempotency key), with the semantics of
 * Stripe's idempotent requests and the IETF Idempotency-Key draft — and one owner for them:
 *
 * - the key is claimed atomically before the side effect, and from that first claim until its
 *   record expires it is bound to the request's fingerprint: the same key with other
 *   arguments is `key_reused`, whatever the earlier attempts ended in (success, final
 *   failure, retryable failure, unknown outcome, crash);
 * - every outcome is recorded: a final one (success or non-retryable failure) is replayed to
 *   a repeat with the same arguments; a retryable one, an unknown one (the side effect threw)
 *   and a crash leave the record open, and a repeat with the same arguments runs again;
 * - the side effect gets an effect key from the kit, the same for every attempt of one record
 *   (retries, takeovers), a new one for the record that replaces it after expiry: it is the
 *   identity to pass downstream (a payment provider's idempotency key, an order id);
 * - a repeat while the first still runs waits up to `waitMs` for it, then is `in_progress`;
 * - a claim older than `leaseMs` is stale (its owner crashed or hung) and the next repeat
 *   takes it over under the same effect key;
 * - an in-doubt record is finished, never re-judged: the side effect captures what the
 *   person confirmed (`effect.capture`) before it begins, and every later attempt of the
 *   record gets it back (`effect.captured`) to complete that same effect; once an attempt may
 *   have acted (it threw, returned `inDoubt`, or crashed after capturing), the record says so
 *   (`inDoubt`) so no later answer claims nothing changed, and it does not expire unfinished.
 */
import { randomUUID } from "node:crypto";
import { CONFLICT, DATABASE_UNAVAILABLE } from "../../contract/error-codes.ts";
import {
  confirmationRequired,
  currentUnconfirmedCall,
  type UnconfirmedCall,
} from "../write/confirmation.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import { isUniqueViolation, type SqlQueries } from "../stores/sql-database.ts";
import { ToolFailure } from "../tool-failure.ts";
import { fingerprint } from "./fingerprint.ts";
import {
  effectKeyOf,
  recordsOf,
  type AlongWrite,
  type ClaimHandle,
  type ClaimRequest,
  type ClaimResult,
  type IdempotencyStore,
  type RecordStore,
} from "./store.ts";

/**
 * The store could not keep the capture, so this attempt's effect never started: retryable
 * with the same key, and nothing changed (an earlier attempt's doubt is said by the caller,
 * `inDoubtFailure`). Without this, a driver error reached the tool server as an unexpected one
 * (`INTERNAL`, `changes: "unknown"`).
 */
function storeUnavailable(cause: unknown): ToolFailure {
  return new ToolFailure(
    {
      code: DATABASE_UNAVAILABLE,
      message: "The service could not record this request just now; nothing was done.",
      retryable: true,
      retry_after_seconds: 5,
      next_action: NEXT_ACTIONS.retrySameKey,
      changes: "none",
    },
    { cause },
  );
}

/**
 * The app's local writes lost to a row already committed (a unique or primary key refused
 * them: two drafts of one thing, written at once): the database answered, so this is no
 * outage. The writes rolled back; a retry with the same key runs the effect again and lets
 * the app answer from what was written first. Name the thing (`createDraftStore`'s `thing`)
 * to stop the second effect before it starts instead.
 */
function writeConflict(cause: unknown): ToolFailure {
  return new ToolFailure(
    {
      code: CONFLICT,
      message:
        "This write conflicts with one made first by another request; nothing was written by this call.",
      retryable: true,
      retry_after_seconds: 1,
      next_action: NEXT_ACTIONS.retrySameKey,
      changes: "none",
    },
    { cause },
  );
}

/**
 * The store could not claim the key: this call started nothing, but the record it could not
 * read may be in doubt — an earlier attempt under this key may have acted — so the answer
 * says `changes: "unknown"`, never "nothing happened" (a retry after a payment timeout that
 * met the outage once said `"none"` over a real charge). Retryable with the same key.
 */
function claimUnavailable(cause: unknown): ToolFailure {
  return new ToolFailure(
    {
      code: DATABASE_UNAVAILABLE,
      message:
        "The service could not check this request just now; if an earlier attempt with this key did not finish, it may have gone through.",
      retryable: true,
      retry_after_seconds: 5,
      next_action: NEXT_ACTIONS.retrySameKey,
      changes: "unknown",
    },
    { cause },
  );
}

/**
 * What a side effect of an in-doubt record threw, as the caller must hear it: a `ToolFailure`
 * that says nothing changed is re-said as `changes: "unknown"` (an earlier attempt may have
 * acted); anything else is left to the tool server, which already answers `"unknown"`.
 */
function inDoubtFailure(error: unknown): unknown {
  if (!(error instanceof ToolFailure) || error.error.changes !== "none") return error;
  return new ToolFailure(
    { ...error.error, changes: "unknown" },
    { cause: error, ...(error.logFields ? { log: error.logFields } : {}) },
  );
}

/** Timing of `runIdempotent`. */
export interface IdempotencyTiming {
  /** How long a finished record is kept (default 24 h). */
  ttlMs: number;
  /** How long a claim may run before it counts as stale (default 30 s). */
  leaseMs: number;
  /** How long a repeat waits for a running first request before `in_progress` (default 5 s). */
  waitMs: number;
}

/** Defaults: 24 h records, 30 s lease, 5 s wait. */
export const DEFAULT_IDEMPOTENCY_TIMING: IdempotencyTiming = {
  ttlMs: 24 * 3_600_000,
  leaseMs: 30_000,
  waitMs: 5_000,
};

/** What the side effect returned. `T` must survive JSON (it is stored and replayed). */
export type Attempt<T> =
  /**
   * Success, or a failure that retrying cannot fix: stored and replayed. `local`: the app's
   * own database writes of this effect (a booking row, a sent reply), run in the store's
   * transaction that completes the record — they commit together, in one durable commit, or
   * neither does. Effects outside the database keep using the effect key.
   */
  | {
      final: true;
      value: T;
      local?: (tx: SqlQueries) => Promise<void>;
      /**
       * The completion may commit without waiting for its flush to disk (PostgreSQL), when
       * the record holds captured claims and running the effect again from them under the
       * same effect key gives this same answer (a charge the provider replays, an order id
       * made from the effect key). A database crash that loses the completion leaves the
       * record owed, in doubt; a retry or the reconciler finishes it to this answer. Ignored
       * for a record without captured claims (its claim may be lost with it) and with `local`.
       */
      deferFlush?: boolean;
      /**
       * A definite answer under the effect's own key — the provider refused this effect key
       * (nothing was charged under it), or the compensation undid it — settles an earlier
       * doubt: the record is stored as no longer in doubt, so its failure's
       * `changes: "none"` is told as it is (`idempotentResult`), now and on every replay.
       * Leave it unset while nothing is known: a failure of an in-doubt record then says
       * `"unknown"`. See docs/server.md, "A doubt settled".
       */
      definite?: boolean;
    }
  /**
   * A failure a retry may fix (an outage, a timeout whose effect is unknown): recorded, not
   * replayed; the key stays bound to these arguments and a retry with them runs again.
   * `inDoubt`: the effect may have happened (a timeout after the request left): the record
   * stays in doubt for good, so no later answer says nothing changed.
   */
  | { final: false; value: T; inDoubt?: boolean };

/** What the side effect is told about the attempt it runs; `C` is what it captures. */
export interface EffectContext<C = unknown> {
  /**
   * The identity of this request's effect: the same for every attempt of one record (a retry
   * after a retryable or unknown outcome, a takeover after a crash), a new one once the record
   * expired. Pass it downstream — as the payment provider's idempotency key, as (the source
   * of) the id of what is created — and never derive those from the caller's key, which a
   * later request may reuse after expiry. 32 lower-case hex characters.
   */
  effectKey: string;
  /** 1 for the first attempt of the record; more for a retry or a takeover. */
  attempt: number;
  /**
   * What an earlier attempt of this record captured (see `capture`), or `undefined`. When set,
   * complete the effect from it under the same effect key — do not judge the request again:
   * its draft may have expired or its secret rotated since, and the effect may have happened.
   */
  captured: C | undefined;
  /**
   * An earlier attempt of this record may have acted (it threw, returned `inDoubt`, or crashed
   * after capturing). An answer now must not say nothing changed — unless it is definite
   * under the effect key (`Attempt`'s `definite`: the provider refused this key).
   */
  inDoubt: boolean;
  /**
   * Keeps `claims` (JSON: what the person confirmed — item, quantity, total) with the record,
   * durably, before the effect begins; call it once the request was judged sound and before
   * anything leaves the process. From then on the record is in doubt until it is finished.
   * Throws `DATABASE_UNAVAILABLE` (nothing was done) when the store cannot keep them, or when
   * the claim was taken over meanwhile.
   */
  capture(claims: C): Promise<void>;
  /**
   * The fence before a call that leaves the process (a charge, a refund, an order sent
   * elsewhere): resolves when this attempt still holds its record — its lease then runs again
   * from now — and rejects when the record was taken over (this attempt outlived its lease):
   * make no call then. The kit answers such an attempt from what the new owner stores, never
   * from its own value. Throws `DATABASE_UNAVAILABLE` when the store cannot say.
   */
  fence(): Promise<void>;
}

/** What `runIdempotent` says happened. */
export type IdempotentOutcome<T> =
  /**
   * This call ran the side effect. `recovered`: an earlier attempt of this record ended
   * without a final answer (or crashed); `stored`: the value was recorded as final;
   * `inDoubt`: this or an earlier attempt may have acted, so a failure value must not say
   * nothing changed (`idempotentResult` turns its `changes: "none"` into `"unknown"`); false
   * after a `definite` answer, which settles the doubt.
   */
  | {
      state: "fresh";
      value: T;
      effectKey: string;
      recovered: boolean;
      stored: boolean;
      inDoubt: boolean;
    }
  /** A final answer stored earlier; `inDoubt` as for `fresh`. */
  | { state: "replayed"; value: T; inDoubt: boolean }
  | { state: "key_reused" }
  | { state: "in_progress"; retryAfterSeconds: number };

/** Arguments of `runIdempotent`; `C` is what the side effect captures. */
export interface IdempotentRequest<T, C = unknown> {
  /** Where the records live (`createSqliteStore`, `createPostgresStore`). */
  store: IdempotencyStore;
  /** The caller's scope (`callerScope(principal)`), never a value the client sets. */
  scope: string;
  /** The caller's idempotency key. */
  key: string;
  /** The request's arguments without the key; hashed into the fingerprint. */
  args: unknown;
  /** The side effect. Called at most once per successful claim, with the record's effect key. */
  execute(effect: EffectContext<C>): Promise<Attempt<T>>;
  /** Overrides of `DEFAULT_IDEMPOTENCY_TIMING`. */
  timing?: Partial<IdempotencyTiming>;
  /** The clock of records and leases (ms since the epoch); default `Date.now`. */
  now?: () => number;
  /** Told when storing a result failed after the side effect ran (for the log). */
  onStoreError?(error: unknown): void;
  /**
   * True when nothing leaves the process before a durable write of this record: the effect is
   * all `local` writes, or it calls `capture` before any call outside the database. The claim
   * then commits without waiting for its own flush to disk (PostgreSQL), since that durable
   * write flushes it too — a local effect costs one durable commit, not two. A crash of the
   * database before that write loses the claim and nothing else. Default false: an effect
   * that calls out before any durable write needs its claim flushed first.
   */
  deferClaimFlush?: boolean;
  /**
   * What this write may be done for once per scope, whatever the key — `runCommit` passes the
   * draft id, so one draft (and its proof) buys one write. A call under another key while a
   * record holds it is answered as that record: its stored answer replayed, or `in_progress`
   * while it runs or is owed its effect; a holder that ended cleanly before anything was
   * captured gives it up to the new key.
   */
  subject?: string;
  /**
   * The effect only reads before it calls `capture` (it judges the request: a signature, a
   * price) and writes nothing, in or out of the process, until then. Its first attempt may
   * then run before the claim, on a fresh record's terms (attempt 1, no captured claims, the
   * effect key of a record made now), and its `capture` claims the free key with the captured
   * claims in one durable write — one round trip less per write; a run that ends with `local`
   * writes and nothing captured stores its record completed in their transaction. When a record holds the key
   * or the subject, nothing was written: the runner claims as usual and runs the effect again
   * on that record's terms, so the first run's answer is never used for another record. Needs
   * `deferClaimFlush` (nothing leaves the process before that write); a call without its
   * confirmation never runs this way.
   */
  judgeFirst?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What `EffectContext.fence` rejects with when the attempt lost its record: the runner then
 * answers from the record, as the new owner settles it.
 */
export class ClaimLost extends Error {
  constructor() {
    super("this attempt's claim was taken over; its new owner settles the record");
    this.name = "ClaimLost";
  }
}

/**
 * What `capture` or `fence` of a run before the claim (`judgeFirst`) rejects with when the key
 * was not free: that run was judged on a fresh record's terms, so the runner drops what it
 * answers and runs the effect again on the record's.
 */
class NotFresh extends Error {
  constructor() {
    super("a record holds this key; the effect runs again on its terms");
    this.name = "NotFresh";
  }
}

/** The capture of a run before its claim with a write along (see `captureAlong`), per effect. */
const alongCaptures = new WeakMap<object, (along: AlongWrite) => Promise<unknown>>();

/**
 * For the kit's own effects (a declared write taking its draft): when `effect` runs before its
 * claim (`judgeFirst`) on a store that can, a capture whose claims are what `along` returns —
 * the write along, the claim and the capture in one durable write (one round trip on
 * PostgreSQL) — resolving to those claims; it rejects as `capture` does when the key, the
 * subject or the write along was not free (nothing was written, and the effect runs again on
 * the record's terms). `undefined` otherwise: take and `capture` apart then.
 */
export function captureAlong<C>(
  effect: EffectContext<C>,
): ((along: AlongWrite) => Promise<C>) | undefined {
  return alongCaptures.get(effect) as ((along: AlongWrite) => Promise<C>) | undefined;
}

/**
 * Runs `execute` under the key. A store failure before the side effect is thrown as a
 * `ToolFailure` with code `DATABASE_UNAVAILABLE` (retryable; `changes: "unknown"` when the
 * claim failed — the unread record may be in doubt — `"none"` when the capture did); a store failure after it is reported to `onStoreError` and the fresh value is
 * still returned (the side effect did happen). What `execute` throws is rethrown as it is.
 */
export async function runIdempotent<T, C = unknown>(
  request: IdempotentRequest<T, C>,
): Promise<IdempotentOutcome<T>> {
  const call = startCall(request);
  for (;;) {
    const at = call.now();
    const claim = admitted(call, await nextClaim(call, at));
    if (claim.state !== "claimed") {
      const answer = await answerFromRecord(call, claim);
      if (answer !== AGAIN) return answer;
      continue;
    }
    const outcome = await attemptOnClaim(call, at, claim);
    if (outcome !== AGAIN) return outcome;
  }
}

/** A turn of `runIdempotent`'s loop that ended without an answer: claim or read again. */
const AGAIN = Symbol("again");
type Turned<T> = IdempotentOutcome<T> | typeof AGAIN;

type Claimed = Extract<ClaimResult, { state: "claimed" }>;

/** One call of `runIdempotent`: its settings, and what it learns across the loop's turns. */
interface Call<T, C> {
  readonly request: IdempotentRequest<T, C>;
  readonly store: RecordStore;
  readonly timing: IdempotencyTiming;
  readonly now: () => number;
  readonly print: string;
  /**
   * A call without its confirmation (`ConfirmRule.recordFirst`): the record may answer — a
   * replay, the finish of an in-doubt record — but nothing new starts.
   */
  readonly unconfirmed: UnconfirmedCall | undefined;
  /** When a repeat stops waiting for a running claim, on the monotonic clock. */
  readonly deadline: number;
  pause: number;
  /** Set once this call's attempt was taken over: from then on it only reads the record. */
  lost: boolean;
  /** The next attempt runs before the claim (see `judgeFirst`). */
  beforeClaim: boolean;
  /** A claim made for a run before the claim that turned out not fresh, for the next turn. */
  taken: ClaimResult | undefined;
}

/** The call's settings, checked: a wrong timing is named even when the store is wrong too. */
function startCall<T, C>(request: IdempotentRequest<T, C>): Call<T, C> {
  const timing = { ...DEFAULT_IDEMPOTENCY_TIMING, ...request.timing };
  // A TTL or lease of 0 makes every concurrent claim of one key win: never run under one.
  if (!(timing.ttlMs > 0 && timing.leaseMs > 0 && timing.waitMs >= 0))
    throw new RangeError("runIdempotent needs ttlMs and leaseMs above 0 and waitMs of 0 or more");
  const store = recordsOf(request.store);
  const unconfirmed = currentUnconfirmedCall();
  return {
    request,
    store,
    timing,
    now: request.now ?? Date.now,
    print: fingerprint(request.args),
    unconfirmed,
    // The wait is measured on the monotonic clock: `now` may be a test's frozen clock.
    deadline: performance.now() + timing.waitMs,
    pause: 10,
    lost: false,
    beforeClaim: request.judgeFirst === true && request.deferClaimFlush === true && !unconfirmed,
    taken: undefined,
  };
}

function claimRequestOf(call: Call<unknown, unknown>, at: number): ClaimRequest {
  const { request, timing } = call;
  return {
    scope: request.scope,
    key: request.key,
    fingerprint: call.print,
    now: at,
    ttlMs: timing.ttlMs,
    leaseMs: timing.leaseMs,
    ...(request.deferClaimFlush ? { deferFlush: true } : {}),
    ...(request.subject !== undefined ? { subject: request.subject } : {}),
    ...(call.unconfirmed ? { existingOnly: true } : {}),
  };
}

/**
 * This turn's record: a fresh record's terms for a run before the claim, the claim a run
 * before the claim left, a read once taken over, else a claim.
 */
async function nextClaim(call: Call<unknown, unknown>, at: number): Promise<ClaimResult> {
  const { scope, key } = call.request;
  const taken = call.taken;
  call.taken = undefined;
  if (call.beforeClaim)
    return {
      state: "claimed",
      token: "",
      effectKey: effectKeyOf(scope, key, call.print, at),
      attempt: 1,
      recovered: false,
      captured: undefined,
      inDoubt: false,
    };
  if (taken) return taken;
  return (
    call.lost ? call.store.peek(scope, key, call.print) : call.store.claim(claimRequestOf(call, at))
  ).catch((error: unknown) => {
    throw claimUnavailable(error);
  });
}

/** Whether an unconfirmed call may go on with this record: only with one that is there. */
function admitted(
  call: Call<unknown, unknown>,
  claim: ClaimResult,
): Exclude<ClaimResult, { state: "absent" }> {
  if (claim.state === "absent" || (call.unconfirmed && claim.state === "mismatch"))
    throw new ToolFailure(confirmationRequired(""));
  if (call.unconfirmed) call.unconfirmed.admitted = true;
  return claim;
}

/** The answer a record this call does not own gives: a replay, a reused key, or a wait. */
async function answerFromRecord<T>(
  call: Call<T, unknown>,
  claim: Exclude<ClaimResult, { state: "absent" | "claimed" }>,
): Promise<Turned<T>> {
  switch (claim.state) {
    case "mismatch":
      return { state: "key_reused" };
    case "completed":
      return {
        state: "replayed",
        value: JSON.parse(claim.response.body) as T,
        inDoubt: claim.inDoubt,
      };
    case "in_progress": {
      const remaining = call.deadline - performance.now();
      if (remaining <= 0) {
        const untilStale = Math.max(0, claim.lockedUntil - call.now());
        return {
          state: "in_progress",
          retryAfterSeconds: Math.max(1, Math.min(Math.ceil(untilStale / 1000), 2)),
        };
      }
      await sleep(Math.min(call.pause, remaining));
      call.pause = Math.min(call.pause * 2, 200);
      return AGAIN;
    }
  }
}

/** One attempt on a claimed record (or on a fresh record's terms, before the claim). */
interface Turn {
  readonly at: number;
  readonly claim: Claimed;
  readonly handle: ClaimHandle;
  /** An earlier attempt of this record may have acted. */
  readonly earlier: boolean;
  captureFailed: unknown;
  captured: boolean;
  /**
   * A run before the claim: `pending` until it claims, `notFresh` when the key was not free,
   * `unclaimed` when the store could not say (nothing was written by this call either way).
   */
  pending: boolean;
  notFresh: boolean;
  unclaimed: ToolFailure | undefined;
}

/** Runs the effect on the claim and settles the record with what it answered. */
async function attemptOnClaim<T, C>(
  call: Call<T, C>,
  at: number,
  claim: Claimed,
): Promise<Turned<T>> {
  const { scope, key } = call.request;
  const turn: Turn = {
    at,
    claim,
    handle: { scope, key, token: claim.token },
    earlier: claim.inDoubt,
    captureFailed: undefined,
    captured: false,
    pending: call.beforeClaim,
    notFresh: false,
    unclaimed: undefined,
  };
  call.beforeClaim = false;
  const effect = effectContextOf(call, turn);
  const claimWith = call.store.claimFreshWith?.bind(call.store);
  if (turn.pending && claimWith) alongCaptures.set(effect, captureAlongOf(call, turn, claimWith));
  const ran = await call.request.execute(effect).then(
    (attempt) => ({ attempt }),
    (error: unknown) => ({ error }),
  );
  // A run before the claim that ended final with local writes and nothing captured: the
  // claim, the writes and the completion in one transaction (see `completeBeforeClaim`).
  if (turn.pending && "attempt" in ran && ran.attempt.final && ran.attempt.local) {
    const completeFresh = call.store.completeFresh?.bind(call.store);
    if (completeFresh) return completeBeforeClaim(call, turn, ran.attempt, completeFresh);
  }
  // A run before the claim that ended without capturing (a refusal, a throw) claims now;
  // its answer stands only for the fresh record it was judged for.
  if (turn.pending) await claimNow(call, turn).catch(() => {});
  if (turn.unclaimed) throw turn.unclaimed;
  if (turn.notFresh) return AGAIN;
  if ("error" in ran) return reopenAfterThrow(call, turn, ran.error);
  return settleRecord(call, turn, ran.attempt);
}

/**
 * Claims the key for a run before the claim — with `claims` captured in the same write when
 * the store can — and says whether the run's terms (a fresh record) hold.
 */
async function claimNow(
  call: Call<unknown, unknown>,
  turn: Turn,
  claims?: string,
): Promise<boolean> {
  const { store } = call;
  turn.pending = false;
  try {
    if (claims !== undefined && store.claimFresh) {
      const token = await store.claimFresh(claimRequestOf(call, turn.at), claims);
      if (token !== undefined) turn.handle.token = token;
      else turn.notFresh = true;
      return !turn.notFresh;
    }
    const result = await store.claim(claimRequestOf(call, turn.at));
    // A fresh record, as the run assumed; anything else is run again on its own terms.
    if (
      result.state === "claimed" &&
      result.effectKey === turn.claim.effectKey &&
      result.attempt === 1 &&
      result.captured === undefined &&
      !result.inDoubt
    )
      turn.handle.token = result.token;
    else {
      turn.notFresh = true;
      call.taken = result;
    }
    return !turn.notFresh;
  } catch (error) {
    throw (turn.unclaimed = claimUnavailable(error));
  }
}

/** What the effect sees of its record: its key and terms, `capture` and `fence`. */
function effectContextOf<C>(call: Call<unknown, C>, turn: Turn): EffectContext<C> {
  const { store, now, timing } = call;
  const { claim, handle } = turn;
  return {
    effectKey: claim.effectKey,
    attempt: claim.attempt,
    captured: claim.captured === undefined ? undefined : (JSON.parse(claim.captured) as C),
    inDoubt: turn.earlier,
    async capture(claims) {
      const text = JSON.stringify(claims);
      if (text === undefined) throw new TypeError("captured claims must be a JSON value");
      if (turn.pending) {
        if (!(await claimNow(call, turn, text))) throw (turn.captureFailed = new NotFresh());
        if (store.claimFresh) {
          turn.captured = true;
          return;
        }
      }
      let kept: boolean;
      try {
        kept = await store.capture(handle, text);
      } catch (error) {
        throw (turn.captureFailed = storeUnavailable(error));
      }
      // Taken over meanwhile (this attempt outlived its lease): the new owner finishes it.
      if (!kept) throw (turn.captureFailed = storeUnavailable(new Error("claim taken over")));
      turn.captured = true;
    },
    async fence() {
      // Before the claim: claiming it is the fence (its lease runs from now).
      if (turn.pending) {
        if (!(await claimNow(call, turn))) throw new NotFresh();
        return;
      }
      let held: boolean;
      try {
        held = await store.renew(handle, now(), timing.leaseMs);
      } catch (error) {
        throw storeUnavailable(error);
      }
      if (!held) throw new ClaimLost();
    },
  };
}

/** `captureAlong` for a run before the claim: the claim and the app's write in one write. */
function captureAlongOf<C>(
  call: Call<unknown, C>,
  turn: Turn,
  claimWith: NonNullable<RecordStore["claimFreshWith"]>,
): (along: AlongWrite) => Promise<C> {
  return async (along) => {
    if (!turn.pending) throw new TypeError("captureAlong: the attempt was claimed already");
    turn.pending = false;
    let fresh: Awaited<ReturnType<typeof claimWith>>;
    try {
      fresh = await claimWith(claimRequestOf(call, turn.at), along);
    } catch (error) {
      throw (turn.captureFailed = turn.unclaimed = claimUnavailable(error));
    }
    if (!fresh) {
      turn.notFresh = true;
      throw (turn.captureFailed = new NotFresh());
    }
    turn.handle.token = fresh.token;
    turn.captured = true;
    return JSON.parse(fresh.captured) as C;
  };
}

/**
 * A run before the claim that ended final with local writes and nothing captured: stored
 * only if the key was free. Anything else (a record there, a failure) wrote nothing: claim as
 * usual and run again on the record's terms, where a failure is answered knowing the record.
 */
async function completeBeforeClaim<T>(
  call: Call<T, unknown>,
  turn: Turn,
  attempt: Extract<Attempt<T>, { final: true }>,
  completeFresh: NonNullable<RecordStore["completeFresh"]>,
): Promise<Turned<T>> {
  const kept = await completeFresh(
    claimRequestOf(call, turn.at),
    randomUUID(),
    { body: JSON.stringify(attempt.value) },
    attempt.local!,
  ).catch(() => false);
  if (!kept) return AGAIN;
  return {
    state: "fresh",
    value: attempt.value,
    effectKey: turn.claim.effectKey,
    recovered: false,
    stored: true,
    inDoubt: false,
  };
}

/**
 * Leaves the record open (retryable, in doubt when `doubt`); false when it was taken over.
 * A store that could not say counts as kept: this attempt's own failure is then the answer.
 */
function reopen(call: Call<unknown, unknown>, handle: ClaimHandle, doubt: boolean) {
  return call.store.reopen(handle, undefined, doubt).catch((stored: unknown) => {
    call.request.onStoreError?.(stored);
    return true;
  });
}

/**
 * The effect threw: the outcome is unknown, so the record stays bound to these arguments and
 * open, and a retry with them runs again under the same effect key (downstream idempotency
 * makes it safe). Only a failed capture is known to have done nothing. Taken over: the new
 * owner settles the record, and this call answers what it stores.
 */
async function reopenAfterThrow(
  call: Call<unknown, unknown>,
  turn: Turn,
  error: unknown,
): Promise<typeof AGAIN> {
  if (!(await reopen(call, turn.handle, turn.earlier || error !== turn.captureFailed))) {
    call.lost = true;
    return AGAIN;
  }
  throw turn.earlier ? inDoubtFailure(error) : error;
}

/** Stores the attempt's answer — final, or left open for a retry — and answers the call. */
async function settleRecord<T>(
  call: Call<T, unknown>,
  turn: Turn,
  attempt: Attempt<T>,
): Promise<Turned<T>> {
  const { claim } = turn;
  const response = { body: JSON.stringify(attempt.value) };
  // A definite answer under the effect key ends the doubt; otherwise it only grows.
  const inDoubt: boolean =
    attempt.final && attempt.definite === true
      ? false
      : turn.earlier || (!attempt.final && attempt.inDoubt === true);
  let stored = false;
  if (attempt.final && attempt.local) {
    const completed = await completeWithLocal(call, turn, response, inDoubt, attempt.local);
    if (completed === AGAIN) return AGAIN;
    stored = completed;
  } else {
    try {
      // A lost completion of a captured record is finished again from its claims (see
      // `deferFlush`): only then may it skip waiting for the disk.
      const defer =
        attempt.final &&
        attempt.deferFlush === true &&
        (turn.captured || claim.captured !== undefined);
      const kept = attempt.final
        ? (stored = await call.store.complete(turn.handle, response, inDoubt, undefined, defer))
        : await call.store.reopen(turn.handle, response, inDoubt);
      if (!kept) call.lost = true;
    } catch (error) {
      // Unknown whether it was kept: this attempt's own answer is the best there is.
      call.request.onStoreError?.(error);
    }
  }
  // Taken over while it ran (it outlived its lease): this attempt stored nothing, so its own
  // answer is no answer — the person is told what the record holds (a replay of the new
  // owner's answer, a refund included) or that it is still running.
  if (call.lost) return AGAIN;
  return {
    state: "fresh",
    value: attempt.value,
    effectKey: claim.effectKey,
    recovered: claim.recovered,
    stored,
    inDoubt,
  };
}

/**
 * Completes the record in the transaction of the app's local writes; whether it was stored,
 * or `AGAIN` when the writes failed on a record taken over meanwhile.
 */
async function completeWithLocal(
  call: Call<unknown, unknown>,
  turn: Turn,
  response: { body: string },
  inDoubt: boolean,
  local: (tx: SqlQueries) => Promise<void>,
): Promise<boolean | typeof AGAIN> {
  let stored = false;
  try {
    call.lost = !(stored = await call.store.complete(turn.handle, response, inDoubt, local));
    return stored;
  } catch (error) {
    // Rolled back: the local writes did not happen. Unless the attempt ran from captured
    // claims (it may have acted outside the database) or an earlier one may have acted,
    // this attempt changed nothing.
    const doubt = turn.earlier || turn.captured || turn.claim.captured !== undefined;
    // Taken over while it ran: what its writes met is likely the new owner's (the same
    // order row), and the record holds the answer — read it, as any lost attempt does.
    if (!(await reopen(call, turn.handle, doubt))) {
      call.lost = true;
      return AGAIN;
    }
    const failure = isUniqueViolation(error) ? writeConflict(error) : storeUnavailable(error);
    throw doubt ? inDoubtFailure(failure) : failure;
  }
}
