/**
 * The declared arguments of a confirmed commit — `draft_id` and `idempotency_key` — and the run
 * that keys the write by them. Every app's commit tool took the same two fields, checked the
 * key against the same pattern, repaired a bad key with a fresh one (never an example to
 * share) and handed both to `runIdempotent` the same way; it is declared here once.
 */
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import {
  runIdempotent,
  type Attempt,
  type EffectContext,
  type IdempotentOutcome,
} from "../idempotency/run-idempotent.ts";
import type { IdempotencyStore } from "../idempotency/store.ts";
import type { ToolContext } from "../tool-server.ts";
import type { ArgumentSpec } from "../validate-arguments/index.ts";

/** What an idempotency key may be: 8 to 128 of `A-Z a-z 0-9 _ . : -` (a UUID fits). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\w.:-]{8,128}$/;

/** The `idempotency_key` argument's schema (its message is the field error's). */
export const idempotencyKeySchema = v.pipe(
  v.string(),
  v.regex(IDEMPOTENCY_KEY_PATTERN, "8-128 of A-Z a-z 0-9 _ . : -, e.g. a UUID"),
);

const draftIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(200));

/**
 * The arguments of a commit tool (`defineTool`'s `arguments`): `draft_id` (the prepare
 * result's, 1-200 characters) and `idempotency_key` (8 to 128 of `A-Z a-z 0-9 _ . : -`), and
 * the app's own `extra` fields beside them (a saved payment method's id), nothing else. A
 * validation error's example keeps what was valid and puts `draftExample` for a bad draft id,
 * a fresh UUID for a bad key (so no two callers are shown one key to share) and leaves out an
 * extra field that does not fit (each must be optional, so the example still fits).
 */
export function commitArguments<Extra extends v.ObjectEntries = Record<never, never>>(options: {
  /** The draft id a validation error's example shows for a bad `draft_id`. */
  readonly draftExample: string;
  /** The app's own fields of the commit (valibot entries, each optional). */
  readonly extra?: Extra;
}): ArgumentSpec<
  {
    /** The draft the person confirmed (the prepare tool's id). */
    readonly draft_id: string;
    /** The key of this write: one per commit, the same on every retry of it. */
    readonly idempotency_key: string;
  } & {
    /** The app's own fields (checked by `extra`; the effect reads them typed). */
    readonly [Name in keyof Extra]?: unknown;
  }
> {
  const extra = options.extra ?? ({} as Extra);
  return {
    schema: v.strictObject({
      ...extra,
      draft_id: draftIdSchema,
      idempotency_key: idempotencyKeySchema,
    }) as never,
    repair: (args) => ({
      ...Object.fromEntries(
        Object.entries(extra).flatMap(([name, schema]) =>
          name in args && v.is(schema, args[name]) ? [[name, args[name]]] : [],
        ),
      ),
      draft_id: v.is(draftIdSchema, args.draft_id) ? args.draft_id : options.draftExample,
      idempotency_key: v.is(idempotencyKeySchema, args.idempotency_key)
        ? args.idempotency_key
        : randomUUID(),
    }),
  };
}

/**
 * `runIdempotent` for a commit: the caller's scope and `idempotency_key` key the record, the
 * draft id is what the key is bound to, and the claim is flushed with the effect's first
 * durable write (`deferClaimFlush`): an app's local effect commits with the record. A draft is
 * single-use whatever the key (`subject`): a commit of a draft another key already committed
 * is answered with that commit's stored answer (replayed), or `in_progress` while it runs.
 */
export function runCommit<T, C = unknown>(options: {
  /** Where the record of the commit is kept. */
  readonly store: IdempotencyStore;
  /** The commit's arguments (`commitArguments`): its key and the draft it is bound to. */
  readonly args: { readonly draft_id: string; readonly idempotency_key: string };
  /** The handler's context: its caller scopes the key. */
  readonly context: Pick<ToolContext, "caller">;
  /** The clock (ms since the epoch); default `Date.now`. */
  readonly now?: () => number;
  /**
   * The record's lifetime, lease and wait for a concurrent first attempt (each part falls back
   * to the kit's default; an app's `IDEMPOTENCY_TTL_SECONDS` and `_LEASE_SECONDS`, in ms, go here).
   */
  readonly timing?: {
    /** How long a finished record is kept (default 24 h). */
    readonly ttlMs?: number;
    /** How long a claim may run before it counts as stale (default 30 s). */
    readonly leaseMs?: number;
    /** How long a repeat waits for a running first request before `in_progress` (default 5 s). */
    readonly waitMs?: number;
  };
  /**
   * Called when the effect ran but its record could not be written: the caller still gets the
   * fresh value, and the app logs this (the retry of the key may run the effect's recovery).
   */
  onStoreError?(error: unknown): void;
  /**
   * `false` lifts single use: each key may write the draft once. Only for an app whose draft
   * ids name the arguments rather than one confirmation (the same item in the same window is
   * the same id, so two purchases of it share a draft); default true.
   */
  readonly singleUse?: boolean;
  /**
   * The effect only reads before it calls `capture` (it judges the draft: its signature, the
   * price) and writes nothing until then: its first run may come before the claim, and the
   * claim and the capture are then one durable write — one database round trip less per
   * commit. When a record already holds the key or the draft, that run's answer is dropped
   * and the effect runs again on the record's terms. Leave it unset when the effect writes
   * before capturing (taking a draft from a store, say). Default false.
   */
  readonly judgeFirst?: boolean;
  /** The effect, as `runIdempotent`'s `execute`. */
  execute(effect: EffectContext<C>): Promise<Attempt<T>>;
}): Promise<IdempotentOutcome<T>> {
  return runIdempotent<T, C>({
    store: options.store,
    scope: options.context.caller,
    key: options.args.idempotency_key,
    args: { draft_id: options.args.draft_id },
    ...(options.now ? { now: options.now } : {}),
    ...(options.timing ? { timing: options.timing } : {}),
    ...(options.onStoreError ? { onStoreError: (error) => options.onStoreError?.(error) } : {}),
    deferClaimFlush: true,
    ...(options.judgeFirst ? { judgeFirst: true } : {}),
    // Single use: one draft (and its proof) places one write, whatever the key.
    ...(options.singleUse === false ? {} : { subject: `draft:${options.args.draft_id}` }),
    execute: options.execute,
  });
}
