/**
 * The idempotency store on a `SqlDatabase`: the same statements on SQLite and PostgreSQL.
 * Each is atomic on its own, so no transaction spans a call: a fresh claim is one statement,
 * a completion one more.
 */
import { randomUUID } from "node:crypto";
import { deleteBatch } from "../stores/bounded-delete.ts";
import { plainIdentifier, prefixParameters } from "../stores/named-sql.ts";
import {
  attachSqlDatabase,
  isUniqueViolation,
  migrateOnce,
  type SqlDatabase,
} from "../stores/sql-database.ts";
import {
  claimedResult,
  claimResultOf,
  effectKeyOf,
  type ClaimedRow,
  type ClaimRequest,
  type ClaimResult,
  type RecordStore,
  type StoredRecord,
} from "./store.ts";
import { holds, RECORD_PREDICATES, sqlOf } from "./record-state.ts";

/** The record's conditions (record-state.ts), spelled for statements on the alias `r`. */
const P = RECORD_PREDICATES;
const R = { alias: "r" };
/** In the claim: its own values are `excluded`'s (`now` is the claim's `locked_at`). */
const CLAIMING = {
  alias: "r",
  params: { now: "excluded.locked_at", fingerprint: "excluded.fingerprint" },
};

/** Every column of a record, in the order the inserts give them. */
const COLUMNS =
  "scope, key, fingerprint, status, token, locked_at, lease_ms, response, created_at, expires_at, effect_key, attempts, captured, in_doubt, subject";

/** The schema of one records table, and the steps that bring an earlier layout up to date. */
function schemaSql(table: string) {
  return {
    create: `CREATE TABLE IF NOT EXISTS ${table} (
      scope TEXT NOT NULL,
      key TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      status TEXT NOT NULL,
      token TEXT NOT NULL,
      locked_at BIGINT NOT NULL,
      lease_ms INTEGER NOT NULL,
      response TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      effect_key TEXT,
      attempts INTEGER NOT NULL DEFAULT 1,
      captured TEXT,
      in_doubt INTEGER NOT NULL DEFAULT 0,
      subject TEXT,
      PRIMARY KEY (scope, key)
    )`,
    index: `CREATE INDEX IF NOT EXISTS ${table}_expires ON ${table} (expires_at)`,
    // The reconciler's search: only unfinished records with captured claims (few) are in it.
    owedIndex: `CREATE INDEX IF NOT EXISTS ${table}_owed ON ${table} (locked_at)
      WHERE ${sqlOf(P.unfinishedCapture)}`,
    // Columns an earlier layout lacks (its rows read back through effectKeyOf(created_at)).
    added: {
      effect_key: `ALTER TABLE ${table} ADD COLUMN effect_key TEXT`,
      attempts: `ALTER TABLE ${table} ADD COLUMN attempts INTEGER NOT NULL DEFAULT 1`,
      captured: `ALTER TABLE ${table} ADD COLUMN captured TEXT`,
      in_doubt: `ALTER TABLE ${table} ADD COLUMN in_doubt INTEGER NOT NULL DEFAULT 0`,
      subject: `ALTER TABLE ${table} ADD COLUMN subject TEXT`,
    },
    // Single use: of a scope's records one holds a subject (a commit's draft), whatever its
    // key. The index, not a check before the claim, refuses a second one — in the claim's own
    // statement, so it costs the hot path no round trip.
    subjectIndex: `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_subject ON ${table} (scope, subject)
      WHERE subject IS NOT NULL`,
  };
}

/** The statements that claim a record: a retry's, a fresh one's, the reconciler's. */
function claimSql(table: string) {
  const expired = sqlOf(P.expired, CLAIMING);
  return {
    // One statement takes a free key, an expired record (a new record: new fingerprint, new
    // effect key, attempt 1), or — same fingerprint only — a reopened record or a stale claim
    // (the same record: same effect key, captured claims and doubt, one more attempt; a stale
    // claim of a record with captured claims may have acted before it died, so it is in
    // doubt). The primary key makes it atomic.
    claim: `INSERT INTO ${table} AS r (${COLUMNS})
      VALUES (:scope, :key, :fingerprint, 'pending', :token, :now, :lease_ms, NULL, :now, :expires_at, :effect_key, 1, NULL, 0, :subject)
      ON CONFLICT (scope, key) DO UPDATE SET
        fingerprint = excluded.fingerprint,
        effect_key = CASE WHEN ${expired} THEN excluded.effect_key ELSE r.effect_key END,
        created_at = CASE WHEN ${expired} THEN excluded.created_at ELSE r.created_at END,
        attempts = CASE WHEN ${expired} THEN 1 ELSE r.attempts + 1 END,
        captured = CASE WHEN ${expired} THEN NULL ELSE r.captured END,
        in_doubt = CASE WHEN ${expired} THEN 0
          WHEN ${sqlOf(P.capturedClaim, R)} THEN 1 ELSE r.in_doubt END,
        subject = excluded.subject,
        status = 'pending', token = excluded.token, locked_at = excluded.locked_at,
        lease_ms = excluded.lease_ms, response = NULL, expires_at = excluded.expires_at
      WHERE ${sqlOf(P.claimable, CLAIMING)}
      RETURNING effect_key, created_at, attempts, captured, in_doubt`,
    // A free key claimed with its captured claims: the optimistic first attempt's one durable
    // write. Any record under the key is left alone (DO NOTHING): the runner claims it then.
    claimFresh: `INSERT INTO ${table} (${COLUMNS})
      VALUES (:scope, :key, :fingerprint, 'pending', :token, :now, :lease_ms, NULL, :now, :expires_at, :effect_key, 1, :captured, 1, :subject)
      ON CONFLICT (scope, key) DO NOTHING`,
    // `claimFresh` with its captured claims from `along` (`claimFreshWith`), on PostgreSQL:
    // one statement, so the write along and the claim are one round trip and one commit. No
    // ON CONFLICT: a record under the key or the subject fails the whole statement (23505),
    // the write along included; a write along that changed no row inserts nothing.
    claimFreshAlong: (along: string) =>
      `WITH along AS (${along})
      INSERT INTO ${table} (${COLUMNS})
      SELECT CAST(:scope AS TEXT), CAST(:key AS TEXT), CAST(:fingerprint AS TEXT), 'pending',
        CAST(:token AS TEXT), CAST(:now AS BIGINT), CAST(:lease_ms AS INTEGER), NULL,
        CAST(:now AS BIGINT), CAST(:expires_at AS BIGINT), CAST(:effect_key AS TEXT), 1,
        along.captured, 1, CAST(:subject AS TEXT)
      FROM along
      RETURNING captured`,
    // A free key stored completed, as the last statement of the transaction of its local
    // writes: conflicting with any record under the key or the subject it changes no row, and
    // the transaction rolls back.
    completeFresh: `INSERT INTO ${table} (${COLUMNS})
      VALUES (:scope, :key, :fingerprint, 'completed', :token, :now, :lease_ms, :body, :now, :expires_at, :effect_key, 1, NULL, 0, :subject)
      ON CONFLICT DO NOTHING`,
    // The reconciler's takeover of one owed record (`owedSettled`), conditioned on it still
    // being owed (a retry or another reconciler may have taken it between the pick and the
    // update). A record first claimed before `:compensate_before`, or one whose compensation
    // was claimed already, is taken as a compensation: its status says so in the same
    // statement that takes it, before any refund is sent, so no retry can complete it from here on.
    claimOwed: (dialect: "sqlite" | "postgres") =>
      `UPDATE ${table} AS r SET status = CASE WHEN ${sqlOf(P.toCompensate, R)}
          THEN 'compensating' ELSE 'pending' END,
        token = :token, locked_at = :now,
        lease_ms = :lease_ms, attempts = r.attempts + 1, in_doubt = 1, response = NULL,
        expires_at = CASE WHEN r.expires_at > :expires_at THEN r.expires_at ELSE :expires_at END
      WHERE ${
        dialect === "postgres"
          ? `r.ctid = ANY(ARRAY(SELECT p.ctid FROM ${table} AS p WHERE ${sqlOf(P.owedSettled, { alias: "p" })}
              ORDER BY p.locked_at LIMIT 1 FOR UPDATE SKIP LOCKED))`
          : `r.rowid IN (SELECT p.rowid FROM ${table} AS p WHERE ${sqlOf(P.owedSettled, { alias: "p" })}
              ORDER BY p.locked_at LIMIT 1)`
      } AND ${sqlOf(P.owedSettled, R)}
      RETURNING scope, key, effect_key, created_at, attempts, captured, fingerprint, status`,
    // An existing record of these arguments owed its effect, taken as its next attempt (the
    // only claim a call without its confirmation may make).
    claimOwedKey: `UPDATE ${table} AS r SET status = 'pending', token = :token, locked_at = :now,
        lease_ms = :lease_ms, attempts = r.attempts + 1, in_doubt = 1, response = NULL,
        expires_at = :expires_at
      WHERE r.scope = :scope AND r.key = :key AND ${sqlOf(P.owedToRetry, R)}
      RETURNING effect_key, created_at, attempts, captured, in_doubt`,
  };
}

/** The statements that read a record, and the one that lets an idle holder's subject go. */
function readSql(table: string) {
  return {
    selectSubject: `SELECT key, fingerprint, status, response, locked_at, lease_ms, in_doubt, captured
      FROM ${table} WHERE scope = :scope AND subject = :subject`,
    selectPeek: `SELECT fingerprint, status, response, locked_at, lease_ms, in_doubt, captured
      FROM ${table} WHERE scope = :scope AND key = :key`,
    // An idle holder lets the subject go to another key; its own retry takes it back, or
    // meets the new one.
    releaseSubject: `UPDATE ${table} SET subject = NULL
      WHERE scope = :scope AND key = :key AND subject = :subject AND ${sqlOf(P.idle)}`,
    select: `SELECT fingerprint, status, response, locked_at, lease_ms, in_doubt FROM ${table} WHERE scope = :scope AND key = :key`,
    selectLive: `SELECT fingerprint, status, response, locked_at, lease_ms, in_doubt FROM ${table} AS r
      WHERE scope = :scope AND key = :key AND NOT ${sqlOf(P.expired, R)}`,
  };
}

/** The statements an attempt settles its claim with (the token is the fence). */
function settleSql(table: string) {
  return {
    // The doubt the attempt ends in (its own capture set it while it ran): the runner passes
    // the record's earlier doubt or this attempt's, so it never clears an earlier one — only
    // a definite answer under the effect key (`Attempt`'s `definite`) does.
    // The token is the fence: a claim taken over since (a new token) settles nothing. An
    // attempt settles only the state it claimed — `pending` (its effect) or `compensating`
    // (the refund) — so completion and compensation of one record exclude each other.
    settle: `UPDATE ${table} SET status = :status, response = :body, in_doubt = :in_doubt
      WHERE scope = :scope AND key = :key AND token = :token AND status = 'pending'`,
    completeCompensation: `UPDATE ${table} SET status = 'completed', response = :body, in_doubt = :in_doubt
      WHERE scope = :scope AND key = :key AND token = :token AND status = 'compensating'`,
    // A compensation that could not finish now stays claimed as one (never `retryable`, which
    // a retry could take and complete), with its lease ended, for the reconciler's next pass.
    reopenCompensation: `UPDATE ${table} SET lease_ms = 0, response = :body
      WHERE scope = :scope AND key = :key AND token = :token AND status = 'compensating'`,
    // The check before a call that leaves the process: still this claim's, and its lease runs
    // from now (a takeover either came first, and this changes nothing, or sees the new lease).
    renew: `UPDATE ${table} SET locked_at = :now, lease_ms = :lease_ms
      WHERE scope = :scope AND key = :key AND token = :token AND ${sqlOf(P.held)}`,
    capture: `UPDATE ${table} SET captured = :captured, in_doubt = 1
      WHERE scope = :scope AND key = :key AND token = :token AND ${sqlOf(P.capturable)}`,
  };
}

/** The statements of one records table. */
function recordSql(table: string) {
  return { ...schemaSql(table), ...claimSql(table), ...readSql(table), ...settleSql(table) };
}

/** A record as the peeks read it: what a repeat would find, and whether it captured anything. */
type PeekedRow = StoredRecord & { captured: string | null };

/**
 * What a peek tells of `found`: its stored answer, a running or owed claim, or `absent` —
 * also for an idle record (`idle`: it did nothing, and runs nothing).
 */
function peeked(
  found: PeekedRow | undefined,
): Exclude<ClaimResult, { state: "claimed" } | { state: "mismatch" }> {
  if (!found || holds(P.idle, found)) return { state: "absent" };
  const result = claimResultOf(found, found.fingerprint);
  return result.state === "mismatch" ? { state: "absent" } : result;
}

/** An idempotency store named `name` on `db`, in `table`. */
export function createSqlStore(db: SqlDatabase, table: string, name: string): RecordStore {
  const sql = recordSql(plainIdentifier(table));
  // Made (or upgraded) on `init()` or on first use, as the SQLite store always did.
  const prepare = migrateOnce(db, [
    sql.create,
    sql.index,
    // Each only where it is missing (an earlier layout): see `migrateOnce`.
    ...Object.values(sql.added),
    // After the columns they name exist (an earlier layout gains them in the steps above).
    sql.owedIndex,
    sql.subjectIndex,
  ]);
  const claimOwed = sql.claimOwed(db.dialect);
  // `claimFreshWith`'s statement per text of the write along (a handful: one per draft table).
  const alongTexts = new Map<string, string>();
  const notFresh = new Error("the key, the subject or the write along was not free");
  const query: SqlDatabase["query"] = async (text, params) => {
    await prepare();
    return db.query(text, params);
  };
  /** The parameters every claim statement binds. */
  const claimParams = (request: ClaimRequest, token: string) => ({
    scope: request.scope,
    key: request.key,
    fingerprint: request.fingerprint,
    token,
    now: request.now,
    lease_ms: request.leaseMs,
    expires_at: request.now + request.ttlMs,
  });
  const claimExisting = async (request: ClaimRequest, token: string): Promise<ClaimResult> => {
    const { scope, key, fingerprint, now } = request;
    const taken = await db.query<ClaimedRow>(sql.claimOwedKey, claimParams(request, token));
    const row = taken.rows[0];
    if (row) return claimedResult(row, request, token);
    const found = (await db.query<StoredRecord>(sql.selectLive, { scope, key, now })).rows[0];
    if (!found || found.fingerprint !== fingerprint) return { state: "absent" };
    const result = claimResultOf(found, fingerprint);
    // Open but not owed (a clean failure, an unknown outcome before any capture): a new
    // attempt would judge the request again, which needs the confirmation.
    // A record under compensation is running (the reconciler's refund): it is waited for.
    if (result.state === "in_progress" && !holds(P.held, found)) return { state: "absent" };
    return result;
  };
  /**
   * What a claim of `request` gets when another key's record holds its subject: that record's
   * answer (a replay, or `in_progress` while it runs or is owed its effect) — one write per
   * subject. A holder that ended cleanly before capturing anything gives the subject up, and
   * the claim is made again.
   */
  const subjectHolder = async (
    request: ClaimRequest,
    subject: string,
    again = true,
  ): Promise<ClaimResult> => {
    const { scope } = request;
    const found = (
      await query<PeekedRow & { key: string }>(sql.selectSubject, {
        scope,
        subject,
      })
    ).rows[0];
    // Freed between the two statements (purged, given up): the next claim may take it.
    if (!found) return { state: "in_progress", lockedUntil: 0 };
    // Only an idle holder is asked to let go (the update checks it again, atomically).
    if (again && holds(P.idle, found)) {
      const released = await query(sql.releaseSubject, { scope, key: found.key, subject });
      if (released.changes === 1) return store.claim(request);
    }
    // Judged by the holder's own arguments: the subject is the same write, whatever the key.
    return claimResultOf(found, found.fingerprint);
  };
  const store: RecordStore = {
    name,
    init: prepare,
    async claim(request) {
      const { scope, key, fingerprint, now } = request;
      const token = randomUUID();
      await prepare();
      if (request.existingOnly) return claimExisting(request, token);
      const claimQuery = request.deferFlush ? db.queryDeferred : db.query;
      const subject = request.subject ?? null;
      const taken = await claimQuery<ClaimedRow>(sql.claim, {
        ...claimParams(request, token),
        effect_key: effectKeyOf(scope, key, fingerprint, now),
        subject,
      }).catch((error: unknown) => {
        if (subject !== null && isUniqueViolation(error)) return undefined;
        throw error;
      });
      // Another key's record holds the subject: this one answers as that record.
      if (!taken) return subjectHolder(request, subject!);
      const row = taken.rows[0];
      if (row) return claimedResult(row, request, token);
      const { rows } = await query<StoredRecord>(sql.select, { scope, key });
      const found = rows[0];
      // Gone between the two statements (purged): the next claim finds the key free.
      if (!found) return { state: "in_progress", lockedUntil: now };
      return claimResultOf(found, fingerprint);
    },
    async claimFresh(request, captured) {
      const { scope, key, fingerprint, now } = request;
      const token = randomUUID();
      await prepare();
      const subject = request.subject ?? null;
      try {
        const { changes } = await db.query(sql.claimFresh, {
          ...claimParams(request, token),
          effect_key: effectKeyOf(scope, key, fingerprint, now),
          subject,
          captured,
        });
        return changes === 1 ? token : undefined;
      } catch (error) {
        // Another key's record holds the subject: `claim` answers as that record.
        if (subject !== null && isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    async claimFreshWith(request, along) {
      const { scope, key, fingerprint, now } = request;
      const token = randomUUID();
      await prepare();
      const subject = request.subject ?? null;
      const own = prefixParameters(along.text, along.params, "along_");
      const params = {
        ...claimParams(request, token),
        effect_key: effectKeyOf(scope, key, fingerprint, now),
        subject,
        ...own.params,
      };
      try {
        if (db.dialect === "postgres") {
          let text = alongTexts.get(along.text);
          if (!text) alongTexts.set(along.text, (text = sql.claimFreshAlong(own.text)));
          const captured = (await db.query<{ captured: string }>(text, params)).rows[0]?.captured;
          return captured === undefined ? undefined : { token, captured };
        }
        // SQLite: in process, so two statements in one transaction cost no round trip.
        return await db.transaction(async (tx) => {
          const captured = (await tx.query<{ captured: string }>(own.text, own.params)).rows[0]
            ?.captured;
          if (captured === undefined) throw notFresh;
          const { changes } = await tx.query(sql.claimFresh, { ...params, captured });
          if (changes !== 1) throw notFresh;
          return { token, captured };
        });
      } catch (error) {
        // A record holds the key or the subject, or the write along met its own unique index:
        // all rolled back, and `claim` says what the record holds.
        if (error === notFresh || isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    async completeFresh(request, token, response, local) {
      const { scope, key, fingerprint, now } = request;
      await prepare();
      return db.transactionEndingWith(local, {
        text: sql.completeFresh,
        params: {
          ...claimParams(request, token),
          effect_key: effectKeyOf(scope, key, fingerprint, now),
          subject: request.subject ?? null,
          body: response.body,
        },
      });
    },
    async capture({ scope, key, token }, captured) {
      const { changes } = await query(sql.capture, { captured, scope, key, token });
      return changes === 1;
    },
    async complete(claim, response, inDoubt = false, local, deferFlush = false) {
      const { scope, key, token } = claim;
      if (claim.compensating && !local)
        return (
          (
            await query(sql.completeCompensation, {
              body: response.body,
              in_doubt: inDoubt ? 1 : 0,
              scope,
              key,
              token,
            })
          ).changes === 1
        );
      const settle = {
        status: "completed",
        body: response.body,
        in_doubt: inDoubt ? 1 : 0,
        scope,
        key,
        token,
      };
      if (!local)
        return (await (deferFlush ? db.queryDeferred : query)(sql.settle, settle)).changes === 1;
      await prepare();
      // The app's writes and the completion: one transaction, one durable commit. A claim
      // lost to a takeover changes no row, which rolls the writes back too (the new owner
      // makes them).
      return db.transactionEndingWith(
        local,
        claim.compensating
          ? {
              text: sql.completeCompensation,
              params: { body: response.body, in_doubt: inDoubt ? 1 : 0, scope, key, token },
            }
          : { text: sql.settle, params: settle },
      );
    },
    async reopen(claim, response, inDoubt = false) {
      const { scope, key, token } = claim;
      if (claim.compensating)
        return (
          (
            await query(sql.reopenCompensation, {
              body: response?.body ?? null,
              scope,
              key,
              token,
            })
          ).changes === 1
        );
      const { changes } = await query(sql.settle, {
        status: "retryable",
        body: response?.body ?? null,
        in_doubt: inDoubt ? 1 : 0,
        scope,
        key,
        token,
      });
      return changes === 1;
    },
    async peek(scope, key, fingerprint) {
      const found = (await query<StoredRecord>(sql.select, { scope, key })).rows[0];
      // Gone (purged once finished and expired): nothing runs under the key any more.
      if (!found) return { state: "in_progress", lockedUntil: 0 };
      return claimResultOf(found, fingerprint);
    },
    async peekSubject(scope, subject) {
      await prepare();
      return peeked(
        (
          await query<PeekedRow>(sql.selectSubject, {
            scope,
            subject,
          })
        ).rows[0],
      );
    },
    async peekKey(scope, key) {
      await prepare();
      const found = (await query<PeekedRow>(sql.selectPeek, { scope, key })).rows[0];
      // Ended retryable with its answer and not running: told as such, not as "in progress".
      if (found && holds(P.answeredRetryable, found))
        return {
          state: "retryable",
          response: { body: String(found.response) },
          inDoubt: Number(found.in_doubt ?? 0) === 1,
        };
      return peeked(found);
    },
    async renew({ scope, key, token }, now, leaseMs) {
      const { changes } = await query(sql.renew, { scope, key, token, now, lease_ms: leaseMs });
      return changes === 1;
    },
    async claimInDoubt({ now, settledBefore, leaseMs, ttlMs, compensateBefore }) {
      const token = randomUUID();
      const { rows } = await query<
        ClaimedRow & { scope: string; key: string; fingerprint: string; status: string }
      >(claimOwed, {
        token,
        now,
        lease_ms: leaseMs,
        expires_at: now + ttlMs,
        settled_before: settledBefore,
        compensate_before: compensateBefore ?? Number.MIN_SAFE_INTEGER,
      });
      const row = rows[0];
      if (!row?.captured) return undefined;
      return {
        scope: row.scope,
        key: row.key,
        token,
        effectKey:
          row.effect_key ??
          effectKeyOf(row.scope, row.key, row.fingerprint, Number(row.created_at)),
        attempt: row.attempts,
        captured: row.captured,
        createdAt: Number(row.created_at),
        compensating: row.status === "compensating",
      };
    },
    async purgeExpired(now, limit) {
      await prepare();
      return deleteBatch(db, table, (alias) => sqlOf(P.expired, { alias }), { now }, limit);
    },
    close: () => db.close(),
  };
  return attachSqlDatabase(store, db, table);
}
