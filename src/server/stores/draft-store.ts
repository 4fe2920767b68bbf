/**
 * Drafts of writes, kept in the shared store: `prepare_*` puts the draft a person will
 * confirm, and whichever server process gets the commit reads it back — a draft is owned by
 * the caller scope that put it, expires on its own, and is single-use: the first commit takes
 * it (`use`) under its effect key, and a commit under any other key is told what the first
 * produced, never allowed to act on it again. With a `thing`, the same holds for the app's own
 * thing a draft is about (an event to cancel): of all the caller's drafts of one thing, one is
 * taken, so two drafts of it confirmed at once run one effect.
 */
import { createHash, randomBytes } from "node:crypto";
import type { AlongWrite, IdempotencyStore } from "../idempotency/store.ts";
import { deleteBatch } from "./bounded-delete.ts";
import { plainIdentifier } from "./named-sql.ts";
import {
  isUniqueViolation,
  migrateOnce,
  recordsTableOf,
  sqlDatabaseOf,
  type SqlQueries,
} from "./sql-database.ts";

/** What `use` found (spelled out on `DraftStore.use`, which an app reads). */
type DraftUse<T, R> =
  | { state: "taken"; draft: T }
  | { state: "used"; result: R | undefined }
  | { state: "thing_used"; result: R | undefined }
  | { state: "expired" }
  | { state: "missing" };

/** Owner-scoped, expiring, single-use drafts of type `T` (any JSON value). */
export interface DraftStore<T> {
  /** Stores `draft` for `scope`; the id and expiry go on the wire (`expires_at`: ISO 8601). */
  put(scope: string, draft: T): Promise<{ draft_id: string; expires_at: string }>;
  /**
   * The draft `draftId` of `scope` (untrusted input: any string is safe to pass). Another
   * owner's draft, and any id the store never issued, is `missing`.
   */
  get(
    scope: string,
    draftId: string,
  ): Promise<
    { state: "found"; draft: T; expires_at: string } | { state: "expired" } | { state: "missing" }
  >;
  /**
   * Takes the draft of `scope` for the use `useKey` (the commit's effect key), atomically: of
   * any number of commits under different keys one takes it; the same `useKey` takes it again
   * (a retry of that commit, even after the draft's expiry); every other is `used`.
   *
   * `thing` names the app's own thing the draft is about — `(draft) => "event:" +
   * draft.event_id` — when it takes one write whatever the draft: then also of any number of
   * uses of the scope's drafts of one thing one takes its draft (the same atomic statement,
   * across processes), and every other is `thing_used`, told what the first recorded. Scoped
   * by caller, like the drafts: two callers' things never meet (a thing shared by callers, a
   * seat, needs the app's own guard). The thing stays taken while its draft's row lasts — a
   * taken draft with a thing is purged one draft lifetime after its expiry, so every draft
   * that could be confirmed beside it meets it, and not while the idempotency record of its
   * use (under `useKey`, in the same scope) is unfinished, since that record's retry writes
   * from what it captured — or until the draft is deleted; a thing that
   * may be written again later names its version (`event:evt_1:rev-3`). Any string (a
   * hash of it is kept); pass the same `thing` on every use of the store.
   *
   * What it found: `taken` — this use (its effect key) holds the draft now, the first use or
   * a retry of it; `used` — another use took it, and `result` is what that one recorded
   * (`recordUse`), `undefined` while it has not finished; `thing_used` (a use naming a
   * `thing`) — another draft of the same thing was taken by another use: this draft stays
   * unused, and `result` is what that use recorded, `undefined` while it has not finished.
   */
  use<R = unknown>(
    scope: string,
    draftId: string,
    useKey: string,
    options?: { thing?: (draft: T) => string },
  ): Promise<
    | { state: "taken"; draft: T }
    | { state: "used"; result: R | undefined }
    | { state: "thing_used"; result: R | undefined }
    | { state: "expired" }
    | { state: "missing" }
  >;
  /**
   * Keeps `result` (JSON: what the use produced, e.g. the reply sent) for the draft taken by
   * `useKey`, so a later use under another key can point to it. False when `useKey` does not
   * hold the draft. `tx`: run it in that transaction (an `Attempt.local`, so the result
   * commits with the record); the table must exist then — `use` made it.
   */
  recordUse(
    scope: string,
    draftId: string,
    useKey: string,
    result: unknown,
    tx?: SqlQueries,
  ): Promise<boolean>;
  /** Deletes the draft of `scope` (a taken one frees its thing); false when there was none. */
  delete(scope: string, draftId: string): Promise<boolean>;
  /**
   * Deletes expired drafts of this name (used or not), at most `limit` (default 1000) in one
   * statement; returns how many. Safe from several processes at once.
   */
  purgeExpired(limit?: number): Promise<number>;
}

/**
 * The take of each kit draft store as a write along a fresh claim (`claimFreshWith`), for the
 * kit's declared writes; not on `DraftStore`, which apps use.
 */
const alongTakes = new WeakMap<
  object,
  (
    scope: string,
    draftId: string,
    useKey: string,
    now: number,
    capture: AlongCapture,
  ) => Promise<AlongWrite | undefined>
>();

/** What a declared write keeps beside the draft it takes along its claim. */
interface AlongCapture {
  /** The write's name (its commit tool's), so a reconciler knows whose record it is. */
  readonly write: string;
  /** The commit's own arguments, when it declares some. */
  readonly args?: { readonly [name: string]: unknown } | undefined;
}

/**
 * The take of `draftId` of `scope` for `useKey` as `use` takes an unused, unexpired draft —
 * without a thing — written to run along a fresh claim: it returns the capture of a declared
 * write, `{ write, draft_id, draft }` (and the commit's own `args`, when given), as its one column
 * `captured`. `undefined` for an id the store never issues. A draft used, expired, missing or
 * another's changes no row, so the claim along it writes nothing either (`use` then says
 * which).
 */
export function draftTakeAlong(
  drafts: DraftStore<unknown>,
  scope: string,
  draftId: string,
  useKey: string,
  now: number,
  capture: AlongCapture,
): Promise<AlongWrite | undefined> {
  const take = alongTakes.get(drafts);
  if (!take) throw new TypeError("draftTakeAlong needs a store from createDraftStore");
  return take(scope, draftId, useKey, now, capture);
}

const DRAFT_ID = /^drf_[0-9a-f]{32}$/;
/** A draft's JSON beyond this is a bug in the app, not something to store. */
const MAX_DRAFT_CHARS = 64 * 1024;

const TABLE = plainIdentifier("widget_kit_drafts");

/** What the store keeps of a thing: its hash, so any string fits and none is kept in clear. */
function thingHash(thing: unknown): string {
  if (typeof thing !== "string" || thing.length === 0)
    throw new TypeError("a draft use's thing must return a non-empty string");
  return createHash("sha256").update(thing).digest("hex");
}

/** Attempts of `use` that lost its thing to a holder gone before it could be read. */
const THING_ATTEMPTS = 3;

/**
 * Drafts in the database of `store` (from `createSqliteStore` or `createPostgresStore`; any
 * other store is a TypeError), in the table `widget_kit_drafts`, made on first use.
 */
export function createDraftStore<T>(
  store: IdempotencyStore,
  options: {
    /** Which app's drafts (a plain lower-case identifier): stores with other names never meet. */
    name: string;
    /** How long a draft can be committed after it was put (ms). */
    ttlMs: number;
    /** The clock (ms since the epoch); default `Date.now`. */
    now?: () => number;
  },
): DraftStore<T> {
  const db = sqlDatabaseOf(store, "createDraftStore");
  const records = recordsTableOf(store);
  let recordsReady: Promise<void> | undefined;
  const name = plainIdentifier(options.name, "name");
  if (!(options.ttlMs > 0)) throw new RangeError("ttlMs must be a positive number of ms");
  const now = options.now ?? Date.now;
  const ready = migrateOnce(db, [
    `CREATE TABLE IF NOT EXISTS ${TABLE} (
      name TEXT NOT NULL, draft_id TEXT NOT NULL, scope TEXT NOT NULL, body TEXT NOT NULL,
      created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (name, draft_id))`,
    `CREATE INDEX IF NOT EXISTS ${TABLE}_expires ON ${TABLE} (expires_at)`,
    // Single use, and the thing (added later: a table of an earlier layout gets the columns).
    ...["used_by", "use_result", "thing"].map(
      (column) => `ALTER TABLE ${TABLE} ADD COLUMN ${column} TEXT`,
    ),
    // One taken draft per (name, scope, thing): the index, not a check before the write, is
    // what refuses a second taker, so two processes cannot both pass. Drafts without a thing
    // (NULL) never meet.
    `CREATE UNIQUE INDEX IF NOT EXISTS ${TABLE}_thing_taken ON ${TABLE} (name, scope, thing)
      WHERE used_by IS NOT NULL`,
  ]);
  const valid = (draftId: unknown): draftId is string =>
    typeof draftId === "string" && DRAFT_ID.test(draftId);
  const drafts: DraftStore<T> = {
    async put(scope, draft) {
      const body = JSON.stringify(draft);
      if (body === undefined) throw new TypeError("a draft must be a JSON value");
      if (body.length > MAX_DRAFT_CHARS)
        throw new RangeError(`a draft's JSON must stay under ${MAX_DRAFT_CHARS} characters`);
      await ready();
      const created = now();
      const draftId = `drf_${randomBytes(16).toString("hex")}`;
      const expiresAt = created + options.ttlMs;
      await db.query(
        `INSERT INTO ${TABLE} (name, draft_id, scope, body, created_at, expires_at)
         VALUES (:name, :draft_id, :scope, :body, :created_at, :expires_at)`,
        { name, draft_id: draftId, scope, body, created_at: created, expires_at: expiresAt },
      );
      return { draft_id: draftId, expires_at: new Date(expiresAt).toISOString() };
    },
    async get(scope, draftId) {
      // Anything the store could not have issued never reaches the database.
      if (typeof draftId !== "string" || !DRAFT_ID.test(draftId)) return { state: "missing" };
      await ready();
      const { rows } = await db.query<{ scope: string; body: string; expires_at: number | string }>(
        `SELECT scope, body, expires_at FROM ${TABLE} WHERE name = :name AND draft_id = :draft_id`,
        { name, draft_id: draftId },
      );
      const row = rows[0];
      if (!row || row.scope !== scope) return { state: "missing" };
      const expiresAt = Number(row.expires_at);
      if (expiresAt <= now()) return { state: "expired" };
      return {
        state: "found",
        draft: JSON.parse(row.body) as T,
        expires_at: new Date(expiresAt).toISOString(),
      };
    },
    async use<R>(
      scope: string,
      draftId: string,
      useKey: string,
      use?: { thing?: (draft: T) => string },
    ): Promise<DraftUse<T, R>> {
      if (!valid(draftId)) return { state: "missing" };
      await ready();
      const resultOf = (text: string | null) =>
        text === null ? undefined : (JSON.parse(text) as R);
      // A draft never changes once put, so its thing read now is the thing it is taken with.
      let thing: string | undefined;
      if (use?.thing) {
        const { rows } = await db.query<{ scope: string; body: string }>(
          `SELECT scope, body FROM ${TABLE} WHERE name = :name AND draft_id = :draft_id`,
          { name, draft_id: draftId },
        );
        const row = rows[0];
        if (!row || row.scope !== scope) return { state: "missing" };
        thing = thingHash(use.thing(JSON.parse(row.body) as T));
      }
      for (let attempt = 1; ; attempt++) {
        const at = now();
        // One statement takes it: unused and unexpired, or already this use's (a retry). A
        // draft whose thing another use holds is refused by the unique index, atomically.
        const taken = await db
          .query<{ body: string }>(
            `UPDATE ${TABLE} SET used_by = :use_key${thing ? ", thing = :thing" : ""}
             WHERE name = :name AND draft_id = :draft_id AND scope = :scope
               AND (used_by = :use_key OR (used_by IS NULL AND expires_at > :now))
             RETURNING body`,
            {
              name,
              draft_id: draftId,
              scope,
              use_key: useKey,
              now: at,
              ...(thing ? { thing } : {}),
            },
          )
          .catch((error: unknown) => {
            if (isUniqueViolation(error)) return { rows: [] };
            throw error;
          });
        const row = taken.rows[0];
        if (row) return { state: "taken", draft: JSON.parse(row.body) as T };
        const { rows } = await db.query<{
          scope: string;
          used_by: string | null;
          use_result: string | null;
          expires_at: number | string;
        }>(
          `SELECT scope, used_by, use_result, expires_at FROM ${TABLE}
           WHERE name = :name AND draft_id = :draft_id`,
          { name, draft_id: draftId },
        );
        const found = rows[0];
        if (!found || found.scope !== scope) return { state: "missing" };
        if (found.used_by !== null) return { state: "used", result: resultOf(found.use_result) };
        if (Number(found.expires_at) <= at || thing === undefined) return { state: "expired" };
        // Unused and open: the index refused it, another draft of its thing is taken.
        const holder = await db.query<{ use_result: string | null }>(
          `SELECT use_result FROM ${TABLE}
           WHERE name = :name AND scope = :scope AND thing = :thing AND used_by IS NOT NULL`,
          { name, scope, thing },
        );
        const first = holder.rows[0];
        if (first) return { state: "thing_used", result: resultOf(first.use_result) };
        // The holder was deleted between the two statements: the thing may be free now. A
        // holder that keeps coming and going is reported as one still running.
        if (attempt === THING_ATTEMPTS) return { state: "thing_used", result: undefined };
      }
    },
    async recordUse(scope, draftId, useKey, result, tx) {
      if (!valid(draftId)) return false;
      const text = JSON.stringify(result);
      if (text === undefined) throw new TypeError("a use's result must be a JSON value");
      // Inside a transaction the schema cannot change (and on SQLite would wait for it).
      if (!tx) await ready();
      const { changes } = await (tx ?? db).query(
        `UPDATE ${TABLE} SET use_result = :result
         WHERE name = :name AND draft_id = :draft_id AND scope = :scope AND used_by = :use_key`,
        { name, draft_id: draftId, scope, use_key: useKey, result: text },
      );
      return changes === 1;
    },
    async delete(scope, draftId) {
      if (typeof draftId !== "string" || !DRAFT_ID.test(draftId)) return false;
      await ready();
      const { changes } = await db.query(
        `DELETE FROM ${TABLE} WHERE name = :name AND draft_id = :draft_id AND scope = :scope`,
        { name, draft_id: draftId, scope },
      );
      return changes === 1;
    },
    async purgeExpired(limit) {
      await ready();
      // The purge reads the records table: made here if nothing has claimed a record yet.
      if (records)
        await (recordsReady ??= store.init().catch((error: unknown) => {
          recordsReady = undefined; // a store that was down is asked again next time
          throw error;
        }));
      const at = now();
      // A taken draft with a thing is the thing's claim: it stays one draft lifetime past its
      // expiry, until every draft put while it could be committed has expired too (one of
      // them would otherwise be taken and written a second time) — and while the record of
      // its use is unfinished (a 503's retryable record, one in doubt): that record's retry
      // writes from what it captured, so freeing the thing would let another draft of it
      // write beside it. Once the record is finished or purged, the draft goes.
      const unfinishedUse = (r: string) =>
        records
          ? `AND NOT EXISTS (SELECT 1 FROM ${records} AS u
              WHERE u.scope = ${r}.scope AND u.effect_key = ${r}.used_by AND u.status <> 'completed')`
          : "";
      return deleteBatch(
        db,
        TABLE,
        (r) => `${r}.name = :name AND ${r}.expires_at <= :now
          AND (${r}.thing IS NULL OR ${r}.used_by IS NULL
            OR (${r}.expires_at <= :claim_end ${unfinishedUse(r)}))`,
        { name, now: at, claim_end: at - options.ttlMs },
        limit,
      );
    },
  };
  alongTakes.set(drafts, async (scope, draftId, useKey, at, { write, args }) => {
    if (!valid(draftId)) return undefined;
    // Made before the claim that runs it: that statement cannot make a table.
    await ready();
    // The write's name and the commit's own arguments, captured beside the draft (JSON made
    // here, sent as values).
    const own = args === undefined ? "" : `'"args":' || CAST(:args AS TEXT) || ',' || `;
    return {
      // The id is `drf_` and hex (checked above) and the body JSON, so the text is JSON.
      text: `UPDATE ${TABLE} SET used_by = :use_key
        WHERE name = :name AND draft_id = :draft_id AND scope = :scope
          AND used_by IS NULL AND expires_at > :now
        RETURNING '{"write":' || CAST(:write AS TEXT) || ',"draft_id":"' || draft_id || '",' || ${own}'"draft":' || body || '}' AS captured`,
      params: {
        name,
        draft_id: draftId,
        scope,
        use_key: useKey,
        now: at,
        write: JSON.stringify(write),
        ...(args === undefined ? {} : { args: JSON.stringify(args) }),
      },
    };
  });
  return drafts;
}
