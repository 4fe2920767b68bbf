/**
 * `defineWrite(contract, …)`: a write declared once. One definition gives the prepare tool (a
 * draft the person confirms; it writes nothing), the hidden commit tool (idempotency key,
 * draft id, confirmation proof, caller scope), the effect, its refusals with their words, and
 * the reconciler's work — the reconciler runs the same effect from what the commit captured.
 * Under it are the kit's lower-level pieces (`commitArguments`, `runCommit`,
 * `idempotentResult`, `createDraftStore`), still public for a write that needs its own shape;
 * see docs/server.md, "A write declared once".
 */
import * as v from "valibot";
import type { Contract } from "../../contract/define-contract.ts";
import { UPSTREAM_TIMEOUT } from "../../contract/error-codes.ts";
import type { KindData, KindDefinition } from "../../contract/kinds.ts";
import { commitArguments, runCommit } from "./commit-arguments.ts";
import { defineTool } from "../define-tool.ts";
import { idempotentResult } from "./idempotent-result.ts";
import { NEXT_ACTIONS } from "../model-text/next-action.ts";
import { captureAlong, type Attempt, type EffectContext } from "../idempotency/run-idempotent.ts";
import type { ReconcileOptions } from "../idempotency/reconcile.ts";
import { recordsOf, type IdempotencyStore } from "../idempotency/store.ts";
import { createDraftStore, draftTakeAlong, type DraftStore } from "../stores/draft-store.ts";
import type { SqlQueries } from "../stores/sql-database.ts";
import type { ToolContext } from "../tool-definition.ts";
import type { ArgumentSpec } from "../validate-arguments/index.ts";
import { widgetToolMeta } from "../widget/widget-tool-meta.ts";
import { keepConfirmForm } from "./confirm-forms.ts";
import { writeForm, type FormDraft } from "./write-form.ts";
import { capturedBy, keepWriteReconciler, type WriteReconciler } from "./write-reconcilers.ts";
import type { AppServerOptions } from "../app/app-tool-server.ts";
import {
  busy,
  draftWords,
  heldByUnfinished,
  refusal,
  RETRY_SAME_KEY_AFTER_SECONDS,
  type RefusalOptions,
  type WriteValue,
} from "./write-refusals.ts";
import { withWriteFaults, writeFaultWords } from "./write-faults.ts";

/** What a commit keeps with its record before the effect begins: the draft it confirmed. */
export interface WriteCapture<Draft> {
  /**
   * The write it is of: its commit tool's name, so a reconciler of several writes hands the
   * record to this one (absent in records kept before commits named their write).
   */
  readonly write?: string;
  /** The commit's `draft_id`. */
  readonly draft_id: string;
  /** The draft as the person confirmed it. */
  readonly draft: Draft;
  /** The commit's own arguments (`commit.arguments`) as its first attempt carried them. */
  readonly args?: { readonly [name: string]: unknown };
}

/** What the effect is told: the confirmed draft, the write's identity, and its answers. */
export interface WriteEffect<Draft, Code extends string, Args = Record<never, never>> {
  /** The draft the person confirmed (from the commit's capture on a retry or a reconcile). */
  readonly draft: Draft;
  /**
   * The commit's own arguments (`commit.arguments`: a saved payment method's id, say) as the
   * key's first attempt carried them: a retry or the reconciler finishes with those, whatever
   * a later call of the key sends.
   */
  readonly args: Args;
  /** The commit's `draft_id`. */
  readonly draftId: string;
  /**
   * The write's identity, the same on every retry and on the reconciler's finish: the id of
   * what is made (`bk_${effectKey.slice(0, 16)}`) and the idempotency key of any outside call.
   */
  readonly effectKey: string;
  /** The caller scope the write is for. */
  readonly caller: string;
  /** An earlier attempt may have acted: do not judge the draft again, finish the write. */
  readonly inDoubt: boolean;
  /** Call before an outside call: rejects when this attempt lost its record to another. */
  fence(): Promise<void>;
  /** Nothing was done, for `code` (one of the write's `refusals`). */
  refuse(code: Code, options?: RefusalOptions): { readonly refused: true };
  /**
   * The outside call's outcome is unknown (a timeout after the request left): the record
   * stays in doubt, the caller hears `UPSTREAM_TIMEOUT` with `changes: "unknown"` (retry with
   * the same key), and a retry or the reconciler finishes it under the same effect key.
   * `code`: the provider's own for it (`PAYMENT_TIMEOUT`), instead of `UPSTREAM_TIMEOUT`.
   */
  unknown(message: string, options?: { readonly code?: string }): { readonly refused: true };
}

/**
 * The answer of an effect: what it did — the thing made (`done`: JSON, stored and replayed to
 * every retry of the key) and the app's own rows of this write (`local`, run in the
 * transaction that completes the record: both commit, or neither does) — or that it did
 * nothing (`refused`, set by the kit: made by `WriteEffect.refuse` or `.unknown`).
 */
export type WriteResult<Done> =
  | { readonly done: Done; readonly local?: (tx: SqlQueries) => Promise<void> }
  | { readonly refused: true };

/** Where the drafts of a write live. */
export type WriteDrafts<Draft> =
  | {
      /**
       * The kit's draft store (`createDraftStore`), in the store's database: owned by the
       * caller who prepared it (the prepare tool then needs sign-in too), single-use,
       * expiring. The table's `name` in it.
       */
      readonly name: string;
      /** How long a draft may be confirmed. */
      readonly ttlMs: number;
      /**
       * The draft's shape (a valibot schema), checked when a commit reads it back: a draft kept
       * by an older version of the app that no longer fits is refused `DRAFT_NOT_FOUND`, never
       * written from. It also types `Draft` for the effect.
       */
      readonly schema?: v.GenericSchema<unknown, Draft>;
      /**
       * The app's thing a draft is about (`reply:${ticket}:${body}`), when one write is made
       * of it whatever the draft: of a caller's drafts of one thing, one is written.
       */
      readonly thing?: {
        /** The thing of `draft`. */
        of(draft: Draft): string;
        /** The code when another draft already wrote it (its `done` shown with it). */
        readonly code: string;
        /** The words of that refusal. */
        readonly message: string;
      };
    }
  | {
      /**
       * Drafts the app's ids carry (no store): what `draftId` names at `now` for `caller` (the
       * verified caller of the commit or its form), or why it is unusable. A made-up id can
       * only name what prepare would give; an id signed for its author reads back only for
       * them (then say `owned`).
       */
      read(
        draftId: string,
        now: number,
        caller: string,
      ):
        | Draft
        | "DRAFT_NOT_FOUND"
        | "DRAFT_EXPIRED"
        | Promise<Draft | "DRAFT_NOT_FOUND" | "DRAFT_EXPIRED">;
      /**
       * The ids are bound to who prepared them (signed with the caller): the prepare tool then
       * needs sign-in with the scope too, as with the kit's drafts. Default: anyone may prepare.
       */
      readonly owned?: boolean;
    };

/** What `defineWrite` returns: both tools, the drafts, retention and the reconciler's work. */
export interface Write<PrepareTool, CommitTool, Draft, Done> {
  /** The prepare tool (read only: it writes nothing but the draft). */
  readonly prepare: PrepareTool;
  /** The commit tool: hidden from the model, run only with the person's proof. */
  readonly commit: CommitTool;
  /** The draft store, when the kit keeps the drafts. */
  readonly drafts: DraftStore<Draft> | undefined;
  /** Purges of expired drafts, for `serveApp`'s retention (empty without a store). */
  readonly purges: ReadonlyArray<(limit: number) => Promise<number>>;
  /**
   * The reconciler's work on an in-doubt commit of this write (`owns`: the records its
   * commit captured), from the same effect, and the write's record timing (`timing`'s lease
   * and lifetime, when given). A tool server serving the commit includes it in its own
   * `reconciler`, with every other write's: `startReconciler({ store, ...tools.reconciler })`.
   */
  readonly reconciler: Pick<
    ReconcileOptions<WriteValue<Done>, WriteCapture<Draft>>,
    "complete" | "compensate" | "owns" | "leaseMs" | "ttlMs"
  >;
}

/**
 * What an app writes to declare a write (`defineWrite`'s second argument): where its records
 * and drafts live, the prepare tool, and the commit tool with its effect. The type parameters
 * are inferred from the object: the contract's kinds, the tools' names and kinds, the prepare
 * arguments, the draft, what the effect makes, its refusal codes and the commit's own
 * arguments.
 */
export interface WriteSpec<
  Kinds extends Record<string, KindDefinition>,
  PrepareKind extends keyof Kinds & string,
  CommitKind extends keyof Kinds & string,
  PrepareName extends string,
  CommitName extends string,
  PrepareArgs,
  PrepareInput,
  Draft,
  Done,
  Code extends string = never,
  Extra extends v.ObjectEntries = Record<never, never>,
> {
  /** The widget (`AppServerOptions`' `widget`): both tools advertise its URIs. */
  readonly widget: AppServerOptions["widget"];
  /** Where the records (and the kit's drafts) live. */
  readonly store: IdempotencyStore;
  /** The scope a token must grant to commit (and to prepare, with the kit's or `owned` drafts). */
  readonly scope: string;
  /** The clock; default `Date.now`. */
  readonly now?: (() => number) | undefined;
  /** The records' lifetime and lease (`AppServerOptions`' `timing`); default the kit's. */
  readonly timing?: AppServerOptions["timing"];
  /** Where the drafts live. */
  readonly drafts: WriteDrafts<Draft>;
  /** The prepare tool. */
  readonly prepare: {
    readonly name: PrepareName;
    readonly kind: PrepareKind;
    readonly title: string;
    readonly description: string;
    /** What ChatGPT shows while the tool runs and once it is done (`widgetToolMeta`'s). */
    readonly words: { readonly invoking: string; readonly invoked: string };
    /** The arguments, as `defineTool`'s. */
    readonly arguments: ArgumentSpec<PrepareArgs> & {
      schema: v.GenericSchema<PrepareInput, PrepareArgs>;
      repair(args: { readonly [key: string]: unknown }): NoInfer<PrepareInput>;
    };
    /**
     * Judges the arguments (throw a `ToolFailure` to refuse) and answers the draft to
     * confirm. `put` keeps a draft in the kit's store and gives its id and expiry.
     */
    handler(
      args: PrepareArgs,
      tools: {
        readonly context: ToolContext;
        /** The clock's time of this call (ms since the epoch). */
        readonly now: number;
        put(draft: Draft): Promise<{ draft_id: string; expires_at: string }>;
      },
    ): Promise<{
      data: KindData<Kinds[PrepareKind]>;
      text: string;
      /** The kind's widget-only fields (a person's saved cards): in `_meta`, never for the model. */
      widgetOnly?: KindData<Kinds[PrepareKind], "widgetOnly">;
    }>;
  };
  /** The commit tool and its effect. */
  readonly commit: {
    readonly name: CommitName;
    readonly kind: CommitKind;
    readonly title: string;
    readonly description: string;
    /** What ChatGPT shows while the tool runs and once it is done (`widgetToolMeta`'s). */
    readonly words: { readonly invoking: string; readonly invoked: string };
    /** The draft id a validation error's example shows. */
    readonly draftExample: string;
    /**
     * The commit tool's own arguments beside the kit's `draft_id` and `idempotency_key`
     * (valibot entries, each optional: a saved payment method's id, say). The widget sends
     * them (WriteView's `commitArguments`); the effect reads them as `args`, as the key's
     * first attempt carried them.
     */
    readonly arguments?: Extra;
    /**
     * The effect's refusal codes and their words (`refuse`); each says nothing changed. With
     * `{ message, next_action }`, a final one also tells the model its next step (a fixed
     * sentence: "quote the transfer again"); a kit code here (`DRAFT_EXPIRED`) takes these.
     */
    readonly refusals?: {
      readonly [C in Code]: string | { readonly message: string; readonly next_action: string };
    };
    /**
     * The write, once per draft: make the thing, from the draft only (never from figures
     * the client sent). Throwing leaves the outcome unknown, as `unknown` does.
     */
    effect(
      write: WriteEffect<Draft, Code, v.InferOutput<v.ObjectSchema<Extra, undefined>>>,
    ): Promise<WriteResult<Done>>;
    /**
     * Undoes an in-doubt write the reconciler gave up on (a refund under the effect key);
     * its refusal is `definite` when the undo is certain.
     */
    compensate?(
      write: WriteEffect<Draft, Code, v.InferOutput<v.ObjectSchema<Extra, undefined>>>,
    ): Promise<WriteResult<Done>>;
    /**
     * The confirmation form a client without the widget shows the person (docs/server.md,
     * "Confirmation in every client"): the app's words for the draft, above the draft's
     * lines (`caller`: whose they are — "your default card"); `false` turns the form off
     * (such a client is refused). Default: the title.
     */
    readonly form?: false | ((draft: Draft, caller: string) => string);
    /**
     * The record answers before the proof is asked for (`confirm.recordFirst`): a replay of a
     * finished commit, or the finish of one in doubt, needs no fresh proof (a secret since
     * dropped, a proof past its life); anything that would start a write still does.
     */
    readonly recordFirst?: boolean;
    /** The commit result's data and text for what was written (`replayed`: by an earlier call). */
    show(
      done: Done,
      replayed: boolean,
    ): {
      data: KindData<Kinds[CommitKind]>;
      text: string;
      /** The kind's widget-only fields: in `_meta`, never for the model. */
      widgetOnly?: KindData<Kinds[CommitKind], "widgetOnly">;
    };
  };
}

/**
 * Declares a write: a prepare tool of `prepare.kind` and a commit tool of `commit.kind` in
 * `contract`, sharing one draft and one effect. The commit is a write for a signed-in caller
 * with `scope`, confirmed by the person in the widget (the proof of the prepare result), run
 * once per draft and per idempotency key: a retry or another key gets the first answer
 * replayed. See docs/server.md, "A write declared once".
 *
 * @example
 * const booking = defineWrite(flights, {
 *   ...options, scope: "bookings:write", // options: AppServerOptions
 *   drafts: { name: "flights_drafts", ttlMs: 15 * 60_000 },
 *   prepare: { name: "prepare_booking", kind: "booking_draft", …,
 *     async handler(args, { put }) { const { draft_id, expires_at } = await put(args); … } },
 *   commit: { name: "book_flight", kind: "booking", …,
 *     async effect({ draft, effectKey }) { return { done: book(draft, effectKey) }; },
 *     show: (booking, replayed) => ({ data: { booking, replayed }, text: "Booked." }) },
 * });
 */
export function defineWrite<
  Kinds extends Record<string, KindDefinition>,
  const PrepareKind extends keyof Kinds & string,
  const CommitKind extends keyof Kinds & string,
  const PrepareName extends string,
  const CommitName extends string,
  PrepareArgs,
  PrepareInput,
  Draft,
  Done,
  const Code extends string = never,
  const Extra extends v.ObjectEntries = Record<never, never>,
>(
  contract: Contract<Kinds>,
  spec: WriteSpec<
    Kinds,
    PrepareKind,
    CommitKind,
    PrepareName,
    CommitName,
    PrepareArgs,
    PrepareInput,
    Draft,
    Done,
    Code,
    Extra
  >,
) {
  const now = spec.now ?? Date.now;
  checkCommitArguments(spec.commit.name, spec.commit.arguments);
  const source = spec.drafts;
  const store = "ttlMs" in source ? source : undefined;
  const drafts = store
    ? createDraftStore<Draft>(spec.store, { name: store.name, ttlMs: store.ttlMs, now })
    : undefined;
  const { words, said } = writeWords(
    spec.prepare.name,
    spec.commit.name,
    spec.commit.refusals as Readonly<Record<string, DeclaredRefusal>> | undefined,
  );
  const auth = { scopes: [spec.scope] };
  // Development faults (write-faults.ts): the local host's switch may make this commit's
  // effect meet an outage or lose its answer; without one set, this is the effect itself.
  const commitEffect = withWriteFaults(spec.commit.name, spec.commit.effect);

  /** Each answer of the effect as the record's attempt. */
  const answers = effectAnswers<Done>(words, said);

  function effectOf(
    run: NonNullable<typeof spec.commit.compensate>,
    captured: WriteCapture<Draft>,
    caller: string,
    effect: Pick<EffectContext, "effectKey" | "inDoubt" | "fence">,
  ): Promise<Attempt<WriteValue<Done>>> {
    const { draft, draft_id: draftId } = captured;
    return run({
      draft,
      // A record captured before the write declared arguments has none: each is optional.
      args: (captured.args ?? {}) as v.InferOutput<v.ObjectSchema<Extra, undefined>>,
      draftId,
      caller,
      effectKey: effect.effectKey,
      inDoubt: effect.inDoubt,
      fence: () => effect.fence(),
      ...(answers as Pick<WriteEffect<Draft, Code>, "refuse" | "unknown">),
    }).then(async (result) => {
      if ("refused" in result) {
        const { attempt } = result as RefusedAttempt<Done>;
        // A final refusal gives the kit's draft back (its thing too): its record replays the
        // refusal forever and never runs the effect again, so another draft of the same thing
        // meets the effect's checks, not "running". A refusal that is not final keeps them
        // held: its record is retryable and runs the captured draft again on the key's retry,
        // so a draft of the same thing taken meanwhile would be a second write of it.
        if (drafts && attempt.final) await drafts.delete(caller, draftId).catch(() => false);
        return attempt;
      }
      const { done, local } = result;
      const recordUse =
        drafts && store
          ? async (tx: SqlQueries) => {
              await drafts.recordUse(caller, draftId, effect.effectKey, done, tx);
              await local?.(tx);
            }
          : local;
      return { final: true, value: { ok: true, done }, ...(recordUse ? { local: recordUse } : {}) };
    });
  }

  /** What an app-carried draft id names for `caller` now. */
  async function readAppDraft(caller: string, draftId: string): Promise<unknown> {
    return (source as Extract<WriteDrafts<Draft>, { read: unknown }>).read(draftId, now(), caller);
  }

  /** The confirmed draft, taken for this write, or the refusal that ends it. */
  async function take(
    caller: string,
    draftId: string,
    effectKey: string,
  ): Promise<{ draft: Draft } | Attempt<WriteValue<Done>>> {
    if (!drafts || !store) {
      const read = await readAppDraft(caller, draftId);
      if (read === "DRAFT_NOT_FOUND" || read === "DRAFT_EXPIRED") return said(read, words[read]!);
      return { draft: read as Draft };
    }
    const thing = store.thing;
    const use = await drafts.use<Done>(caller, draftId, effectKey, {
      ...(thing ? { thing: (draft: Draft) => thing.of(draft) } : {}),
    });
    if (use.state === "taken") {
      if (!store.schema || v.is(store.schema, use.draft)) return { draft: use.draft };
      await drafts.delete(caller, draftId);
      return said("DRAFT_NOT_FOUND", words.DRAFT_NOT_FOUND!);
    }
    if (use.state === "expired" || use.state === "missing") {
      const code = use.state === "expired" ? "DRAFT_EXPIRED" : "DRAFT_NOT_FOUND";
      return said(code, words[code]!);
    }
    // Taken by another commit (or its thing by another draft): pointed to once it finished.
    // It may run now, or wait for its own key's retry (a 503 keeps the draft held): say neither.
    if (use.result === undefined)
      return busy(
        "Another commit of this draft, or of the same thing, has not finished; this call did nothing.",
      );
    const code = use.state === "used" ? "DRAFT_ALREADY_USED" : thing!.code;
    const message = use.state === "used" ? words[code]! : thing!.message;
    return said(code, message, { final: true }, use.result);
  }

  /**
   * Whether the record holding the draft (single use: `draft:<id>`) runs no claim now — its
   * last attempt ended retryable, or its claim went stale — rather than running under a lease.
   * A store that cannot say is taken as running: the kit's own answer stands then.
   */
  async function heldIdle(caller: string, draftId: string): Promise<boolean> {
    const holder = await recordsOf(spec.store)
      .peekSubject(caller, `draft:${draftId}`)
      .catch(() => undefined);
    return holder?.state === "in_progress" && holder.lockedUntil <= now();
  }

  /**
   * Whether a commit may run judged first: its effect then writes nothing before its capture.
   * App-carried drafts are only read; the kit's are taken along the claim, which needs a store
   * that can (`claimFreshWith`) and a draft without a thing.
   */
  function judgeFirst(): boolean {
    if (!drafts || !store) return true;
    return !store.thing && recordsOf(spec.store).claimFreshWith !== undefined;
  }

  /** The prepare tool: reads only, and keeps the draft where the write says. */
  function prepareTool() {
    return defineTool(contract, spec.prepare.kind, {
      name: spec.prepare.name,
      title: spec.prepare.title,
      description: spec.prepare.description,
      // Read only (a draft is no write); with the kit's drafts each call makes a new one.
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: !drafts,
        openWorldHint: false,
      },
      meta: widgetToolMeta(spec.widget.uris, spec.prepare.words),
      // The kit's drafts belong to their author: the store keys them by the verified caller
      // (and so do app-carried ids signed for their author, `owned`).
      ...(drafts || ("read" in source && source.owned) ? { auth } : {}),
      arguments: spec.prepare.arguments,
      async handler(args, context) {
        const put = (draft: Draft) => {
          if (!drafts) throw new TypeError("defineWrite: put needs drafts kept by the kit");
          return drafts.put(context.caller, draft);
        };
        return { ok: true, ...(await spec.prepare.handler(args, { context, now: now(), put })) };
      },
    });
  }

  /**
   * The commit tool: the person's proof, the key and the draft taken in one record, the
   * effect run once from what the person confirmed.
   */
  function commitTool() {
    return defineTool(contract, spec.commit.kind, {
      name: spec.commit.name,
      title: spec.commit.title,
      description: spec.commit.description,
      meta: widgetToolMeta(spec.widget.uris, spec.commit.words),
      // A write for a verified caller, whose scope keys the records; hidden from the model and
      // run only with the proof the prepare result gave the widget.
      writes: true,
      confirm: {
        prepare: spec.prepare.name,
        ...(spec.commit.recordFirst ? { recordFirst: true } : {}),
      },
      auth,
      arguments: commitArguments({
        draftExample: spec.commit.draftExample,
        ...(spec.commit.arguments ? { extra: spec.commit.arguments } : {}),
      }),
      async handler(args, context) {
        // The app's own arguments, captured with the draft: what a retry and the reconciler use.
        const { draft_id: _draftId, idempotency_key: _key, ...own } = args;
        const ownArgs = spec.commit.arguments ? { args: own } : {};
        const outcome = await runCommit<WriteValue<Done>, WriteCapture<Draft>>({
          store: spec.store,
          args,
          context,
          now,
          ...(spec.timing ? { timing: spec.timing } : {}),
          // Judged first: the draft is taken, the key claimed and the draft captured in one
          // durable write (one round trip on PostgreSQL), not a take, a claim and a capture. A
          // draft with a thing is taken as before (its thing is read from the draft first).
          judgeFirst: judgeFirst(),
          async execute(effect) {
            let captured = effect.captured;
            if (captured === undefined) {
              const along = drafts && store ? captureAlong(effect) : undefined;
              const fresh = along
                ? await draftTakeAlong(
                    drafts!,
                    context.caller,
                    args.draft_id,
                    effect.effectKey,
                    now(),
                    { write: spec.commit.name, args: ownArgs.args },
                  )
                : undefined;
              if (along && fresh) {
                captured = await along(fresh);
                // Taken and captured: an unfit draft is refused for good, certain that nothing
                // left the process (its record was in doubt from the capture on).
                if (store!.schema && !v.is(store!.schema, captured.draft)) {
                  await drafts!.delete(context.caller, args.draft_id).catch(() => false);
                  return said("DRAFT_NOT_FOUND", words.DRAFT_NOT_FOUND!, {
                    final: true,
                    definite: true,
                  });
                }
              } else {
                const taken = await take(context.caller, args.draft_id, effect.effectKey);
                if (!("draft" in taken)) return taken;
                captured = {
                  write: spec.commit.name,
                  draft_id: args.draft_id,
                  draft: taken.draft,
                  ...ownArgs,
                };
                // Kept with the record before anything is written: a retry or the reconciler
                // finishes this write from what the person confirmed, whatever became of it.
                await effect.capture(captured);
              }
            }
            return effectOf(commitEffect, captured, context.caller, effect);
          },
        });
        // Another key's commit holds the draft with no claim running (it ended retryable):
        // "a request with this key is still running" would be untrue on both counts.
        if (outcome.state === "in_progress" && (await heldIdle(context.caller, args.draft_id)))
          return { ok: false as const, error: heldByUnfinished() };
        return idempotentResult(outcome, (value, replayed) => {
          if (value.ok) return { ok: true as const, ...spec.commit.show(value.done, replayed) };
          const extra = value.done ? spec.commit.show(value.done, true).data : undefined;
          return { ok: false as const, error: value.error, ...(extra ? { extra } : {}) };
        });
      },
    });
  }

  /** The form a client without the widget shows: the draft as the person reads it. */
  function confirmForm(formWords: ((draft: Draft, caller: string) => string) | undefined) {
    const read = async (draftId: string, caller: string): Promise<FormDraft> => {
      let draft: Draft;
      if (drafts) {
        const found = await drafts.get(caller, draftId);
        if (found.state !== "found")
          return found.state === "expired" ? "DRAFT_EXPIRED" : "DRAFT_NOT_FOUND";
        draft = found.draft;
      } else {
        const found = await readAppDraft(caller, draftId);
        if (found === "DRAFT_NOT_FOUND" || found === "DRAFT_EXPIRED") return found;
        draft = found as Draft;
      }
      return { draft, words: formWords ? formWords(draft, caller) : `${spec.commit.title}?` };
    };
    return writeForm({ store: spec.store, read, refusals: words, now });
  }

  const prepare = prepareTool();
  const commit = commitTool();

  const reconcileWith =
    (run: NonNullable<typeof spec.commit.compensate>) =>
    (record: Parameters<Write<never, never, Draft, Done>["reconciler"]["complete"]>[0]) =>
      effectOf(run, record.captured, record.scope, record);

  const write: Write<typeof prepare, typeof commit, Draft, Done> = {
    prepare,
    commit,
    drafts,
    purges: drafts ? [(limit: number) => drafts.purgeExpired(limit)] : [],
    reconciler: {
      owns: (captured) => capturedBy(spec.commit.name, captured),
      complete: reconcileWith(commitEffect),
      // The reconciler's claim and the record it settles live as long as the tool's.
      ...(spec.timing?.leaseMs ? { leaseMs: spec.timing.leaseMs } : {}),
      ...(spec.timing?.ttlMs ? { ttlMs: spec.timing.ttlMs } : {}),
      ...(spec.commit.compensate ? { compensate: reconcileWith(spec.commit.compensate) } : {}),
    },
  };
  // The tool server finds the write's hooks from its commit (`ToolServer.reconciler`).
  keepWriteReconciler(commit, write.reconciler as WriteReconciler);
  // And its confirmation form, for a client that shows no widget but a form.
  if (spec.commit.form !== false) keepConfirmForm(commit, confirmForm(spec.commit.form));
  return write;
}

/** A declared refusal: its words, or its words and the model's next step. */
type DeclaredRefusal = string | { readonly message: string; readonly next_action: string };

/**
 * The words of every refusal of a write (the kit's, its faults', the app's `refusals` over
 * them), and `said`: a refusal in them, with the app's next step unless it is retryable.
 */
function writeWords(
  prepare: string,
  commit: string,
  refusals: Readonly<Record<string, DeclaredRefusal>> | undefined,
) {
  const words: Record<string, string> = { ...draftWords(prepare), ...writeFaultWords(commit) };
  const nextActions: Record<string, string> = {};
  for (const [code, declared] of Object.entries(refusals ?? {})) {
    words[code] = typeof declared === "string" ? declared : declared.message;
    if (typeof declared !== "string") nextActions[code] = declared.next_action;
  }
  const said = <T>(
    code: string,
    message: string,
    options?: RefusalOptions,
    done?: T,
  ): Attempt<WriteValue<T>> => {
    const attempt = refusal(code, message, options, done);
    const next = nextActions[code];
    // Final, or the kit's own refusal of a draft (never retried): not a retry's answer.
    if (!next || attempt.value.ok || attempt.value.error.retryable) return attempt;
    const error = { ...attempt.value.error, next_action: next };
    return { ...attempt, value: { ...attempt.value, error } };
  };
  return { words, said };
}

/** The effect's `refuse` and `unknown`, each as the record's attempt, in the write's `words`. */
function effectAnswers<Done>(
  words: { readonly [code: string]: string },
  said: (code: string, message: string, options: RefusalOptions) => Attempt<WriteValue<Done>>,
) {
  return {
    refuse: (code: string, options?: RefusalOptions) =>
      asRefused<Done>(said(code, words[code] ?? code, { final: true, ...options })),
    unknown: (message: string, options?: { readonly code?: string }) =>
      asRefused<Done>({
        final: false,
        inDoubt: true,
        value: {
          ok: false,
          error: {
            code: options?.code ?? UPSTREAM_TIMEOUT,
            message,
            retryable: true,
            retry_after_seconds: RETRY_SAME_KEY_AFTER_SECONDS,
            next_action: NEXT_ACTIONS.retrySameKey,
            changes: "unknown",
          },
        },
      }),
  };
}

/** A refusal's attempt, carried through the effect's answer. */
interface RefusedAttempt<Done> {
  readonly refused: true;
  readonly attempt: Attempt<WriteValue<Done>>;
}

function asRefused<Done>(attempt: Attempt<WriteValue<Done>>): RefusedAttempt<Done> {
  return { refused: true, attempt };
}

/** The kit's own fields of a commit, which an app's `commit.arguments` may not redefine. */
const KIT_COMMIT_FIELDS = new Set(["draft_id", "idempotency_key", "confirmation"]);

/**
 * Refuses at definition an app argument a commit without it would not fit (a retry, a test's
 * commit, an older widget send only the kit's fields) or one that takes a kit field's name.
 */
function checkCommitArguments(tool: string, extra: v.ObjectEntries | undefined) {
  for (const [name, schema] of Object.entries(extra ?? {})) {
    if (KIT_COMMIT_FIELDS.has(name))
      throw new TypeError(
        `defineWrite: ${tool}'s commit.arguments.${name} is the kit's own field; name it otherwise`,
      );
    if (!v.is(schema, undefined))
      throw new TypeError(
        `defineWrite: ${tool}'s commit.arguments.${name} must be optional (v.optional(…)): a commit may come without it`,
      );
  }
}
