/**
 * The write flow of any app, with no framework: list → prepare (a draft to confirm) → commit →
 * receipt, as a store (`subscribe`/`getSnapshot`) over the host. `useWriteFlow` is a thin hook
 * over it, as TanStack's `useMutation` sits over `MutationObserver`. The rules a real host
 * forces on it:
 * - one prepare at a time, however often its button is pressed;
 * - the draft or receipt result is kept in widget state and parsed again (it is untrusted) on
 *   a remount, and also when widget state arrives after the first read (MCP Apps delivers it
 *   with the tool result) unless the person has already moved on;
 * - cancel goes back to the list (or to a "cancelled" notice when there is no list);
 * - a failed prepare or base result is shown in place, with a retry of the same call only when
 *   the error is retryable; after an error that is final the flow offers `back` (to the list)
 *   and `refresh` (the read the list came from, run again); after a committed write the list
 *   under it is stale by construction, so `back` is that read (one way out, not two); a draft
 *   or commit the model called, refused for good, has no list to go back to: `end` ends the
 *   flow as a cancel does (`cancelled`).
 * The idempotency key of the commit is ConfirmDraft's job (`useDraftCommit`); this store only
 * sends it, with the draft's confirmation proof: the flow's own
 * prepare's (kept in widget state with the draft, so a remount, retry or sign-in sends it as it
 * sends the same key), or the host's result's, when the model prepared.
 */
import { callToolOnce, type CallOutcome } from "../bridge/call-tool-once.ts";
import type { Host } from "../bridge/types.ts";
import { CONFIRMATION_ARGUMENT, CONFIRMATION_META } from "../contract/confirmation.ts";
import { WIDGET_ONLY_META } from "../contract/kinds.ts";
import type { ErrorView, ToolError } from "../contract/index.ts";
import { RECORD_STATES } from "../contract/states.ts";
import {
  callView,
  commitOutcomeOf,
  proofGapView,
  type WriteFlowArgs as Args,
  type WriteFlowView as View,
} from "./call-view.ts";
import type { CommitOutcome } from "./commit-outcome.ts";
import { proofOf } from "./confirmation-proof.ts";
import { needsSignIn } from "../contract/sign-in.ts";
import { readStateKey, writeStateKey } from "./widget-state-key.ts";
import type { ToolRef } from "../contract/tools.ts";
import { reduceWrite, type WriteEvent, type WritePhase } from "./write-machine.ts";

/** A tool as the flow calls it: its name, and the kind its results are. */
export type WriteFlowToolRef = Pick<ToolRef, "name" | "kind">;

/**
 * Options of `useWriteFlow` (and, with the host, of the store under it): the contract, and
 * the typed refs of its tools (`toolRefs`). All of them may change between renders: the flow
 * reads the latest.
 */
export interface WriteFlowOptions<
  R extends { readonly state: string },
  P extends ToolRef = ToolRef,
  C extends ToolRef = ToolRef,
> {
  /** Parses tool outputs and stored state (the app's contract, from `defineContract`). */
  readonly contract: {
    /** The contract version its results carry. */
    readonly version: string;
    /** Reads one result (untrusted) as a view; never throws. */
    parse(input: unknown, meta?: unknown): R;
  };
  /** The prepare tool (e.g. `tools.prepare_booking`, whose results are `booking_draft`). */
  readonly prepare: P;
  /** The commit tool (e.g. `tools.book_flight`, whose results are `booking`). */
  readonly commit: C;
  /**
   * The app's tools (`toolRefs(…)`): the host's result is retried and refreshed, with its
   * input, through the tool whose kind it is.
   */
  readonly tools?: { readonly [name: string]: ToolRef };
  /** The receipt of a committed result (its id, total, replay), for ConfirmDraft. */
  readonly receipt: (view: R) => Extract<CommitOutcome, { ok: true }> | null;
  /** The widget-state key the draft or receipt result is kept under (default `wkWriteFlow`). */
  readonly stateKey?: string;
  /**
   * A tool output to show instead of the host's (tests, stories). When given — even as
   * `null` — it counts as delivered; without it, a host `toolOutput` of null is `loading`.
   */
  readonly output?: unknown;
  /** Set when `output` is given (an own property, even `undefined`, counts). */
  readonly hasOutput?: boolean;
  /**
   * What the model is told the person did (`ui/update-model-context`), in the app's words
   * (a cancelling app's "confirmed" is no purchase); each falls back to the kit's neutral
   * sentence. For the model: never translated, never what the person typed.
   *
   * @example
   * words: { confirmed: (ref) => `The person cancelled event ${ref}.`, declined: "The person kept the event." }
   */
  readonly words?: {
    /** After a committed write, with its reference from `receipt`. */
    readonly confirmed?: (reference: string) => string;
    /** After the person declined a draft no commit was sent for. */
    readonly declined?: string;
    /** After a call refused for want of sign-in was answered. */
    readonly signedIn?: string;
  };
}

/** Options of `createWriteFlow`: the hook's, and the host the flow runs on. */
export interface WriteFlowCoreOptions<R extends View> extends WriteFlowOptions<R> {
  readonly host: Host;
}

/**
 * What `useWriteFlow` returns: where the flow is, as one immutable snapshot, with its actions
 * (`PrepareArgs`, `CommitArgs`: the prepare and commit tools' arguments).
 */
export interface WriteFlow<
  R extends { readonly state: string },
  PrepareArgs = { readonly [key: string]: unknown },
  CommitArgs = { readonly [key: string]: unknown },
> {
  /** The view to show: the flow's draft, receipt or error, else the host's result; null = loading. */
  readonly view: R | ErrorView | null;
  /** The person cancelled a draft that had no list under it. */
  readonly cancelled: boolean;
  /** The arguments of the prepare in flight, if any (to mark its item busy). */
  readonly pending: PrepareArgs | null;
  /** True once this flow has committed (focus the receipt; not a restored one). */
  readonly justCommitted: boolean;
  /** Retries what failed, only when its error is retryable. */
  readonly retry: (() => Promise<unknown>) | undefined;
  /**
   * Back to the list after a final error (after a committed write, the list's read again, so
   * it is not the list as it was).
   */
  readonly back: (() => void) | undefined;
  /**
   * Ends the flow (`cancelled`) where no list is under it: the model's own prepare or commit
   * (the host's result) was refused for good, and there is nothing to go back to.
   */
  readonly end: (() => void) | undefined;
  /** The read the list came from, run again (after a final error; a receipt's `back` is it). */
  readonly refresh: (() => Promise<unknown>) | undefined;
  /** Prepares a draft with the prepare tool's arguments; ignored while another prepare runs. */
  readonly prepare: (args: PrepareArgs) => Promise<void>;
  /**
   * Sends the commit — ConfirmDraft's `onCommit`, with the key it made — and gives back
   * the receipt or the error (an unreadable answer says the write may have happened).
   */
  readonly commit: (args: CommitArgs) => Promise<CommitOutcome>;
  /**
   * ConfirmDraft's `onCommitted`: keeps the committed result in widget state and shows it,
   * so the app's own receipt (its `renderRecord` for the commit kind) replaces the
   * confirmation at once — the same receipt a remount restores.
   */
  readonly committed: () => void;
  /** Back to the list, forgetting the draft. */
  readonly cancel: () => void;
}

/**
 * The write flow's store: the flow as a snapshot, made again after every change, and its
 * actions (the snapshot's own, also here for a caller without React).
 */
export interface WriteFlowStore<R extends View, PrepareArgs = Args, CommitArgs = Args> extends Pick<
  WriteFlow<R, PrepareArgs, CommitArgs>,
  "prepare" | "commit" | "committed" | "cancel"
> {
  /** The flow now: the same object until something it shows changes; reading it changes nothing. */
  getSnapshot(): WriteFlow<R, PrepareArgs, CommitArgs>;
  /** Calls `listener` after every change (the host's widget state included); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Replaces the options (the host stays): a hook passes its latest on every render. */
  setOptions(options: WriteFlowOptions<R>): void;
}

type MaybeView = { readonly state: string; readonly error?: ToolError } | null | undefined;

/** A view of an error that a sign-in (then the same call) resolves. */
const asksSignIn = (view: MaybeView): boolean =>
  view?.state === "error" && needsSignIn(view.error!);

/** An error no retry helps: not retryable, and not one a sign-in (then the same call) resolves. */
const isFinalError = (view: MaybeView): boolean =>
  view?.state === "error" && !view.error!.retryable && !needsSignIn(view.error!);

/** The prepare → confirm → commit → receipt flow over an app's tools, on `host`. */
export function createWriteFlow<R extends View, PrepareArgs = Args, CommitArgs = Args>(
  initial: WriteFlowCoreOptions<R>,
): WriteFlowStore<R, PrepareArgs, CommitArgs> {
  const { host } = initial;
  let options: WriteFlowOptions<R> = initial;
  type Snapshot = WriteFlow<R, PrepareArgs, CommitArgs>;
  const stateKey = () => options.stateKey ?? "wkWriteFlow";
  const listeners = new Set<() => void>();
  const readStored = () => readStateKey(host, stateKey());
  const writeStored = (value: unknown) => writeStateKey(host, stateKey(), value);
  /**
   * Tells the model what the person did (MCP Apps `ui/update-model-context`), so it neither
   * asks again nor calls again; only where the host says it can. Fixed words and the server's
   * own reference only: nothing the person typed. The app's words, each else the kit's:
   * neutral, so that a cancelling app's "confirmed" is no purchase.
   */
  const tell = (text: string) => {
    if (!host.capabilities.updateModelContext) return;
    try {
      host.updateModelContext?.({ content: [{ type: "text", text }] }).catch(() => {});
    } catch {
      // a host whose call throws: the model is not told, the flow lives
    }
  };
  const kindOf = (view: unknown) => (view as { kind?: string } | null)?.kind;
  /** A draft's or receipt's kind (the flow's own tools'): a result of it has no list under it. */
  const isWrite = (view: unknown) => {
    const kind = kindOf(view);
    return kind === options.prepare.kind || kind === options.commit.kind;
  };
  /** The app's tool whose results are of `kind` (the last one declared), to read it again. */
  const toolOf = (kind: string | undefined) => {
    let name: string | undefined;
    for (const ref of Object.values(options.tools ?? {})) if (ref.kind === kind) name = ref.name;
    return name;
  };

  let phase: WritePhase<R, PrepareArgs> = { kind: "start" };
  /** The host's result (or the given output), parsed; null while the host has none. */
  const readBase = (): R | null => {
    // A given output stands for the host's result; its `_meta` is the host's either way.
    const value = options.hasOutput ? options.output : host.get("toolOutput");
    return !options.hasOutput && value == null
      ? null
      : options.contract.parse(value, host.get("toolResponseMetadata"));
  };
  /** The stored draft or receipt, parsed again (it is untrusted); anything else is null. */
  const readRestored = () => {
    // Nothing stored (null) parses as invalid; the widget-only fields come from the private part.
    const view = options.contract.parse(readStored(), readStateKey(host, stateKey(), true));
    return (RECORD_STATES as readonly string[]).includes(view.state) && isWrite(view) ? view : null;
  };
  /** The flow's own view in `at`: its answer, or before the person acted, widget state. */
  const shownOf = (at: WritePhase<R, PrepareArgs>) =>
    at.kind === "shown" ? at.view : at.kind === "start" ? readRestored() : null;
  /** Moves the flow, then tells every listener. */
  const dispatch = (event: WriteEvent<R, PrepareArgs>) => {
    // The last answer before this one: the commit's, else the one shown (a restored draft or
    // receipt is never a refusal).
    const last = phase.commit?.view ?? shownOf(phase);
    phase = reduceWrite(phase, event);
    // An answer, after a call refused for want of sign-in, that is no such refusal: they signed in.
    if ("view" in event && asksSignIn(last) && !asksSignIn(event.view))
      tell(options.words?.signedIn ?? "The person signed in.");
    for (const listener of [...listeners]) listener();
  };

  /** A call's answer as a view; a draft or receipt is kept, with its proof beside it. */
  function show(outcome: CallOutcome, kind: string): R | ErrorView {
    const view = callView(options.contract, outcome, kind);
    // The proof under its `_meta` name, in the private part: the model must not read it.
    if (outcome.ok && view.state !== "error" && view.state !== "invalid") {
      // The widget-only fields likewise (the saved cards a restored draft offers again). Both
      // are untrusted, and read as such when restored (proofOf, parse).
      const { [CONFIRMATION_META]: proof, [WIDGET_ONLY_META]: part } = outcome.result.meta;
      writeStateKey(
        host,
        stateKey(),
        { [CONFIRMATION_META]: proof, [WIDGET_ONLY_META]: part },
        true,
      );
      writeStored(outcome.result.structuredContent);
    }
    return view;
  }

  async function prepare(args: PrepareArgs): Promise<void> {
    if (phase.pending) return; // one prepare at a time, however often it is pressed
    dispatch({ type: "prepare", args });
    const tool = options.prepare;
    const outcome = await callToolOnce(host, tool.name, args as Args);
    dispatch({
      type: "answer",
      view: show(outcome, tool.kind),
      again: () => prepare(args),
      prepared: true,
    });
  }

  async function commit(args: CommitArgs): Promise<CommitOutcome> {
    // The flow's own draft has its proof in private widget state; the host's result, in its
    // `_meta`. A commit that needs none gets none (its schema would refuse the extra argument).
    const proof = proofOf(
      shownOf(phase) ? readStateKey(host, stateKey(), true) : host.get("toolResponseMetadata"),
    );
    const tool = options.commit;
    const outcome = await callToolOnce(
      host,
      tool.name,
      proof ? { ...(args as Args), [CONFIRMATION_ARGUMENT]: proof } : (args as Args),
    );
    const view = proofGapView(callView(options.contract, outcome, tool.kind), !!proof);
    const result = commitOutcomeOf(view, options.receipt);
    dispatch({
      type: "sent",
      outcome: result,
      view,
      done: result.ok && outcome.ok ? { raw: outcome.result.structuredContent } : undefined,
    });
    return result;
  }

  function committed() {
    const sent = phase.commit;
    if (!sent?.done) return;
    writeStored(sent.done.raw);
    dispatch({ type: "committed" });
    const made = options.receipt(sent.view as R);
    if (made)
      tell(
        options.words?.confirmed?.(made.reference) ??
          `The person confirmed (reference ${made.reference}).`,
      );
  }

  /**
   * The read the host's result came from, run again with the host's input: a retry, a
   * refresh, or back after a committed write (the list it changed, not the list as it was).
   */
  async function runBase(): Promise<void> {
    dispatch({ type: "read" }); // the person asked for it: widget state arriving late no longer shows
    const kind = kindOf(readBase());
    const tool = toolOf(kind);
    if (!tool) return; // no kind, or no tool of it
    const outcome = await callToolOnce(host, tool, host.get("toolInput") ?? {});
    dispatch({ type: "answer", view: show(outcome, kind!), again: runBase });
  }

  function cancel() {
    // The person declined the draft they saw (not "back" after a receipt or an error).
    if ((shownOf(phase) ?? readBase())?.state === "confirm" && !phase.commit)
      tell(options.words?.declined ?? "The person did not confirm; nothing changed.");
    writeStored(null);
    // With a list underneath, go back to it; a widget that only showed the model's draft (or
    // the model's prepare or commit, refused) has none.
    dispatch({ type: "cancel", end: isWrite(readBase()) });
  }

  /** The flow as `phase`, the host's result and widget state show it. Reads; changes nothing. */
  function compute(): Snapshot {
    const now = phase;
    const current = readBase();
    const baseTool = toolOf(kindOf(current));
    const shown = shownOf(now);
    const view = shown ?? current;
    // A list under the flow's own view: the host's result is neither a draft nor a receipt.
    const listBase = current !== null && !isWrite(current);
    const again = shown ? now.kind === "shown" && now.again : baseTool && runBase;
    const done = shown?.state === "committed";
    const ended = isFinalError(now.commit?.view) || isFinalError(shown) || done;
    // After a committed write, back is the read again (the list as it was is stale), and no
    // second button does the same.
    const back = listBase && ended ? (done && baseTool ? runBase : cancel) : undefined;
    return {
      view,
      cancelled: now.kind === "cancelled",
      pending: now.pending ?? null,
      justCommitted: now.kind === "shown" && !!now.fresh,
      retry: (view?.state === "error" && !isFinalError(view) && again) || undefined,
      back,
      // A refusal with no list under it: nothing to go back to, the flow ends (`cancelled`).
      end: current && !listBase && isFinalError(view) ? cancel : undefined,
      refresh: ended && listBase && baseTool && !done ? runBase : undefined,
      prepare,
      commit,
      committed,
      cancel,
    };
  }

  /** The last snapshot, and what it was made from: the same parts, the same snapshot. */
  let last: { readonly from: readonly unknown[]; readonly snapshot: Snapshot } | undefined;

  return {
    getSnapshot() {
      // Each part is compared, not read again: reading the flow changes nothing.
      const from = [
        phase,
        options.hasOutput ? options.output : host.get("toolOutput"),
        options.contract,
        options.tools,
        phase.kind === "start" && readStored(),
      ];
      if (!last || from.some((part, i) => part !== last!.from[i]))
        last = { from, snapshot: compute() };
      return last.snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      const stopState = host.subscribe("widgetState", listener);
      const stopOutput = host.subscribe("toolOutput", listener);
      return () => {
        listeners.delete(listener);
        stopState();
        stopOutput();
      };
    },
    setOptions(next) {
      options = next;
    },
    prepare,
    commit,
    committed,
    cancel,
  };
}
