/**
 * The idempotency store: one record per (caller scope, key). The claim is atomic and happens
 * before the side effect, so of N concurrent requests with one key exactly one runs it. A
 * record stays bound to the fingerprint of its first claim, and carries one effect key, until
 * it expires — whatever its attempts ended in.
 */
import { createHash } from "node:crypto";
import type { SqlParams } from "../stores/named-sql.ts";
import { holds, RECORD_PREDICATES } from "./record-state.ts";
import type { SqlQueries } from "../stores/sql-database.ts";

/** An app's own writes, run in the transaction that completes the record (`Attempt.local`). */
export type LocalWrite = (tx: SqlQueries) => Promise<void>;

/** A finished request's stored answer (success or non-retryable failure), as JSON text. */
export interface StoredResponse {
  /** JSON of what the handler returned; replayed verbatim. */
  body: string;
}

/** What a claim attempt found. */
export type ClaimResult =
  /**
   * This request owns the key now and must run the side effect under `effectKey`. `attempt`
   * counts the claims of this record (1: the first; more: a retry after a retryable or
   * unknown outcome, or a takeover of a stale claim); `recovered` is `attempt > 1`.
   */
  | {
      state: "claimed";
      token: string;
      effectKey: string;
      attempt: number;
      recovered: boolean;
      /** What an earlier attempt of this record captured before its effect began (JSON). */
      captured: string | undefined;
      /** An earlier attempt of this record may have acted (see `capture`). */
      inDoubt: boolean;
    }
  /**
   * Finished earlier with the same arguments: replay `response`. `inDoubt`: an attempt before
   * the final one may have acted.
   */
  | { state: "completed"; response: StoredResponse; inDoubt: boolean }
  /** Another request with this key is running; `lockedUntil` is when its claim goes stale (ms). */
  | { state: "in_progress"; lockedUntil: number }
  /** The key is bound to other arguments until its record expires. */
  | { state: "mismatch" }
  /**
   * `existingOnly` found nothing it may take: no unexpired record with these arguments that is
   * finished (to replay), running, or owed its effect (to finish).
   */
  | { state: "absent" };

/** Arguments of `claim`. */
export interface ClaimRequest {
  /** The caller's scope (`callerScope(principal)`): keys of two callers never meet. */
  scope: string;
  /** The caller's idempotency key. */
  key: string;
  /** Hash of the request's arguments (see `fingerprint`). */
  fingerprint: string;
  /** Now, in ms since the epoch (passed in so tests and stores agree on one clock). */
  now: number;
  /** How long the record is kept after this claim. */
  ttlMs: number;
  /** How long a claim may run before another request may take it over. */
  leaseMs: number;
  /**
   * The claim may commit without its own flush to disk: a durable write of this record (a
   * capture, or the completion with its local writes) follows before anything leaves the
   * process, and flushing it flushes the claim too. See `IdempotentRequest.deferClaimFlush`.
   */
  deferFlush?: boolean;
  /**
   * What this write may be done for once per scope, whatever the key (a commit's draft id):
   * a claim under another key while a record holds it answers as that record (its replay, or
   * `in_progress`). A holder that ended cleanly before capturing anything gives it up.
   */
  subject?: string;
  /**
   * Start nothing: take only a record of these arguments owed its effect (in doubt, with
   * captured claims), replay a finished one, report a running one — a free key, an expired
   * record and a record open but not owed are `absent`. A call without its confirmation may
   * only do this (`ConfirmRule.recordFirst`).
   */
  existingOnly?: boolean;
}

/**
 * A write run atomically with a fresh claim (`claimFreshWith`): one `UPDATE … RETURNING` of
 * one row, whose only returned column is `captured` (JSON text). Its `:name` parameters are
 * its own: they never meet the claim's.
 */
export interface AlongWrite {
  readonly text: string;
  readonly params: SqlParams;
}

/** What `claimFreshWith` made: the claim's token and the claims it captured. */
export interface FreshClaim {
  readonly token: string;
  readonly captured: string;
}

/** Arguments of `claimInDoubt`. */
export interface InDoubtRequest {
  /** Now, in ms since the epoch. */
  now: number;
  /** Only records whose last attempt began at or before this (ms) are taken. */
  settledBefore: number;
  /** The lease of the reconciler's claim. */
  leaseMs: number;
  /** The record is kept (and replayed) at least this long after it is finished. */
  ttlMs: number;
  /**
   * A record first claimed before this (ms) is taken as a compensation (`compensating`), as is
   * one whose compensation was claimed before; default: only the latter.
   */
  compensateBefore?: number;
}

/** A record `claimInDoubt` took over: settle it with `complete` or `reopen` under `token`. */
export interface InDoubtClaim extends ClaimHandle {
  /** The record's effect key (the one every earlier attempt used). */
  effectKey: string;
  /** This attempt's number (earlier attempts + 1). */
  attempt: number;
  /** What the first attempt captured (JSON). */
  captured: string;
  /** When the record was first claimed (ms since the epoch). */
  createdAt: number;
  /**
   * The record is claimed for compensation: settle it with the refund's answer only. Set in
   * the statement that took it, before any refund is sent; no retry takes such a record.
   */
  compensating: boolean;
}

/** The claim a call to `complete` or `reopen` settles. */
export interface ClaimHandle {
  /** The scope the claim was taken in. */
  scope: string;
  /** The idempotency key claimed. */
  key: string;
  /** The `token` of the claim; a claim taken over since then settles nothing. */
  token: string;
  /** The claim is a compensation (`InDoubtClaim.compensating`): it settles only as one. */
  compensating?: boolean;
}

/**
 * A place to keep idempotency records: `createSqliteStore` or `createPostgresStore`, or
 * `guardStore` around one. An app opens, purges and closes it, and hands it to `runCommit`,
 * `idempotentResult`'s runner, the reconciler, drafts and rate limits; the kit claims and
 * settles records through the store's own record methods (not part of the public API).
 */
export interface IdempotencyStore {
  /** A short name for logs and benchmarks, e.g. `sqlite`. */
  readonly name: string;
  /**
   * Creates the table if needed, and brings a table of an earlier layout up to date. Safe to
   * call more than once, from several processes.
   */
  init(): Promise<void>;
  /**
   * Deletes expired records (never a claim whose lease still runs, never an unfinished one in
   * doubt), at most `limit` (default 1000) in one statement; returns how many. Safe from
   * several processes at once.
   */
  purgeExpired(now: number, limit?: number): Promise<number>;
  /** Ends the store's connection (or closes its file). */
  close(): Promise<void>;
}

/**
 * The kit's side of a store: the atomic claim and the settling of records. Implementations:
 * SQLite, PostgreSQL (and `guardStore`'s wrapper around either).
 */
export interface RecordStore extends IdempotencyStore {
  /**
   * Atomically claims the key, or reports who has it. Claims a free key or an expired record
   * (a new record, a new effect key), and — with the same fingerprint only — a record whose
   * last attempt was reopened or whose claim went stale (the same record and effect key).
   */
  claim(request: ClaimRequest): Promise<ClaimResult>;
  /**
   * Claims a key no record holds, with `captured` kept in the same durable write — the state
   * a fresh `claim` followed at once by `capture` leaves, in one statement. Returns the
   * claim's token, or `undefined` when a record holds the key (whatever its state) or another
   * key's record holds the subject: nothing is written then, and `claim` says what the record
   * holds. `deferFlush` and `existingOnly` do not apply. Optional: without it the runner
   * claims and captures in two writes.
   */
  claimFresh?(request: ClaimRequest, captured: string): Promise<string | undefined>;
  /**
   * `claimFresh` whose captured claims come from `along`, a write of the kit's own in the
   * store's database run atomically with the claim: an `UPDATE … RETURNING` of one row whose
   * one column `captured` is the JSON to keep (a draft taken for this write, its body the
   * claims). Both happen or neither does: when `along` changes no row, a record holds the key,
   * or another key's record holds the subject, nothing is written and the answer is
   * `undefined`. On PostgreSQL it is one statement (one round trip). Optional.
   */
  claimFreshWith?(request: ClaimRequest, along: AlongWrite): Promise<FreshClaim | undefined>;
  /**
   * Claims a key no record holds and completes it with `response` and the app's `local` writes,
   * in one transaction — for a run before the claim (`judgeFirst`) that ended final with local
   * writes and captured nothing: the state a fresh `claim` and `complete` leave, in one durable
   * commit. True when it was stored; false when a record holds the key or another key's record
   * holds the subject — nothing is written then, the local writes included. Optional.
   */
  completeFresh?(
    request: ClaimRequest,
    token: string,
    response: StoredResponse,
    local: LocalWrite,
  ): Promise<boolean>;
  /**
   * Keeps `captured` (JSON: what the person confirmed) with the claim's record before its
   * effect begins, and marks the record in doubt: from here on an attempt may have acted, so
   * the record is finished from `captured` (never re-judged) and does not expire unfinished.
   * False when the claim was lost to a takeover or the record already holds captured claims.
   */
  capture(claim: ClaimHandle, captured: string): Promise<boolean>;
  /**
   * Stores the final answer of the claim; false when the claim was lost to a takeover.
   * `inDoubt` is kept for replays (an earlier attempt may have acted). `local`, when given, runs
   * in the same transaction as the completion (an app's own writes: they commit together, once,
   * or not at all — also not when the claim was lost); a store without a SQL database throws.
   * `deferFlush` (without `local`): commit without waiting for the flush to disk (see
   * `Attempt`'s `deferFlush`: only for a record whose captured claims redo the same answer).
   */
  complete(
    claim: ClaimHandle,
    response: StoredResponse,
    inDoubt?: boolean,
    local?: LocalWrite,
    deferFlush?: boolean,
  ): Promise<boolean>;
  /**
   * Ends the claim without a final answer (a retryable failure, an unknown outcome, a throw):
   * the record keeps its fingerprint and effect key, and the next claim with the same
   * fingerprint takes it at once. `response`, when given, is kept for the record (never
   * replayed). `inDoubt`: an attempt of the record may have acted — the caller passes the
   * doubt the claim reported or this attempt's, so once true it stays true for the record's
   * life (it replaces the mark `capture` set). False when the claim was lost to a takeover.
   */
  reopen(claim: ClaimHandle, response?: StoredResponse, inDoubt?: boolean): Promise<boolean>;
  /**
   * What a repeat of (scope, key) with `fingerprint` would find, without taking anything: a
   * stored answer, a running claim, another fingerprint. For an attempt that was taken over:
   * it answers what the record holds, never its own value.
   */
  peek(
    scope: string,
    key: string,
    fingerprint: string,
  ): Promise<Exclude<ClaimResult, { state: "claimed" } | { state: "absent" }>>;
  /**
   * What the record holding `subject` in `scope` (a commit's draft, `draft:<id>`) says, without
   * taking anything: its stored answer, a running or owed claim (`in_progress`), or `absent`
   * when no record holds it — no write under any key was done for it while records are kept.
   */
  peekSubject(
    scope: string,
    subject: string,
  ): Promise<Exclude<ClaimResult, { state: "claimed" } | { state: "mismatch" }>>;
  /**
   * What the record of (scope, key) says, whatever its arguments, read as `peekSubject` reads
   * a subject's record: its stored answer, a running or owed claim (`in_progress`), or
   * `absent` when no record holds the key or its record did nothing and runs nothing — and,
   * unlike `peekSubject`, a record that ended retryable with an answer (`retryable`: its last
   * attempt's, and whether an attempt may have acted), which nothing runs until a retry. For a
   * kit's own chain of records whose keys alone name them (a payment sheet's payments).
   */
  peekKey(
    scope: string,
    key: string,
  ): Promise<
    | Exclude<ClaimResult, { state: "claimed" } | { state: "mismatch" }>
    | { state: "retryable"; response: StoredResponse; inDoubt: boolean }
  >;
  /**
   * The fence before a call that leaves the process: true when the claim still holds the
   * record (no takeover since), and then its lease runs `leaseMs` from `now`; false when it
   * was taken over — the call must not be made.
   */
  renew(claim: ClaimHandle, now: number, leaseMs: number): Promise<boolean>;
  /**
   * Takes over one record that is owed its effect and that nobody is finishing — unfinished,
   * with captured claims, in doubt (or its last attempt never settled), not under a running
   * lease, and untouched since `request.settledBefore` — as a claim of its own (the same
   * record and effect key, one more attempt), for the reconciler. `undefined` when none is
   * due. Of several processes asking at once each gets another record (PostgreSQL: `SKIP
   * LOCKED`); the record stays replayable `ttlMs` from now once it is finished.
   */
  claimInDoubt(request: InDoubtRequest): Promise<InDoubtClaim | undefined>;
}

/**
 * `store`'s record methods, for the kit's runner and reconciler; a TypeError for an object that
 * is not a kit store (it has no records the kit can claim).
 */
export function recordsOf(store: IdempotencyStore): RecordStore {
  const records = store as Partial<RecordStore>;
  if (
    typeof records.claim !== "function" ||
    typeof records.capture !== "function" ||
    typeof records.complete !== "function" ||
    typeof records.reopen !== "function" ||
    typeof records.renew !== "function" ||
    typeof records.peek !== "function" ||
    typeof records.peekSubject !== "function" ||
    typeof records.peekKey !== "function" ||
    typeof records.claimInDoubt !== "function"
  )
    throw new TypeError(
      "an idempotency store from createSqliteStore or createPostgresStore (or guardStore) is needed",
    );
  return store as RecordStore;
}

/** The record states a table holds (`retryable`: reopened, free for the same fingerprint). */
export type { RecordStatus } from "./record-state.ts";

/**
 * The columns of a stored record that decide what a repeat of its key gets, named as both
 * stores' tables name them, so each store hands its row over as it was read.
 */
export interface StoredRecord {
  readonly fingerprint: string;
  readonly status: string;
  readonly response: string | null;
  /**
   * When the current claim was taken (ms since the epoch; PostgreSQL's driver reads its
   * `bigint` as a string) and how long it is leased.
   */
  readonly locked_at: number | string;
  readonly lease_ms: number;
  /** 1 when an attempt may have acted (PostgreSQL and SQLite both store an integer). */
  readonly in_doubt?: number | null;
}

/**
 * What a repeat of a taken key gets when the claim statement did not take it, the same for
 * every store: other arguments → `mismatch`, a finished call → its stored response, else
 * `in_progress` until the claim's lease ends (a reopened record is free at once).
 */
export function claimResultOf(
  record: StoredRecord,
  fingerprint: string,
): Exclude<ClaimResult, { state: "claimed" } | { state: "absent" }> {
  if (record.fingerprint !== fingerprint) return { state: "mismatch" };
  if (holds(RECORD_PREDICATES.replayable, record))
    return {
      state: "completed",
      response: { body: String(record.response) },
      inDoubt: Number(record.in_doubt ?? 0) === 1,
    };
  if (holds(RECORD_PREDICATES.reopened, record)) return { state: "in_progress", lockedUntil: 0 };
  return { state: "in_progress", lockedUntil: Number(record.locked_at) + record.lease_ms };
}

/**
 * The effect key of a record: a hash of what identifies the record — its scope, key,
 * fingerprint and creation time. Stable for the record's whole life (every retry and takeover
 * reads it back), different for the record that replaces it after expiry (created later), and
 * the same for rows an earlier layout wrote without the column (their creation time is
 * stored). Deterministic, so a recording with a fixed clock gets the same ids every time.
 */
export function effectKeyOf(
  scope: string,
  key: string,
  fingerprint: string,
  createdAt: number,
): string {
  return createHash("sha256")
    .update(JSON.stringify(["effect", scope, key, fingerprint, createdAt]))
    .digest("hex")
    .slice(0, 32);
}

/** The row a claim statement returns when it took the key. */
export interface ClaimedRow {
  readonly effect_key: string | null;
  readonly created_at: number | string;
  readonly attempts: number;
  readonly captured?: string | null;
  readonly in_doubt?: number | null;
}

/** The `claimed` result for a row the claim statement returned. */
export function claimedResult(
  row: ClaimedRow,
  request: ClaimRequest,
  token: string,
): Extract<ClaimResult, { state: "claimed" }> {
  const effectKey =
    row.effect_key ??
    effectKeyOf(request.scope, request.key, request.fingerprint, Number(row.created_at));
  return {
    state: "claimed",
    token,
    effectKey,
    attempt: row.attempts,
    recovered: row.attempts > 1,
    captured: row.captured ?? undefined,
    inDoubt: Number(row.in_doubt ?? 0) === 1,
  };
}
