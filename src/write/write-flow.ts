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
 * The idempotency key of the commit is the commit machine's job (`createCommitMachine`, under
 * ConfirmDraft); this store only sends it, with the draft's confirmation proof: the flow's own
 * prepare's (kept in widget state with the draft, so a remount, retry or sign-in sends it as it
 * sends the same key), or the host's result's, when the model prepared.
 */
import { callToolOnce, type CallOutcome } from "../bridge/call-tool-once.ts";
import type { Host } from "../bridge/types.ts";
import { CONFIRMATION_ARGUMENT, CONFIRMATION_META } from "../contract/confirmation.ts";
import type { ErrorView, ToolError } from "../contract/index.ts";
import { RECORD_STATES } from "../contract/states.ts";
import {
  callView,
  commitOutcomeOf,
  type WriteFlowArgs as Args,
  type WriteFlowContract as FlowContract,
  type WriteFlowView as View,
} from "./call-view.ts";
import type { CommitOutcome, CommitSuccess } from "./commit-outcome.ts";
import { proofOf } from "./confirmation-proof.ts";
import { needsSignIn } from "../contract/sign-in.ts";
import { readStateKey, writeStateKey } from "./widget-state-key.ts";

/** Only a stored view in one of these states is a draft or receipt; any other is ignored. */
const RECORDS: readonly string[] = RECORD_STATES;

/** A tool as the flow calls it: its name, and the kind its results are. */
export interface WriteFlowToolRef {
  readonly name: string;
  readonly kind: string;
}

/** Options of `createWriteFlow`. */
export interface WriteFlowCoreOptions<R extends View> {
  readonly host: Host;
  /** Parses tool outputs and stored state. */
  readonly contract: FlowContract<R>;
  /** The prepare tool (its results are the drafts). */
  readonly prepare: WriteFlowToolRef;
  /** The commit tool (its results are the receipts). */
  readonly commit: WriteFlowToolRef;
  /** The app's tools: the host's result is retried and refreshed through the tool of its kind. */
  readonly tools?: { readonly [name: string]: WriteFlowToolRef };
  /** The receipt of a committed result. */
  readonly receipt: (view: R) => CommitSuccess | null;
  /** The widget-state key the draft or receipt result is kept under (default `wkWriteFlow`). */
  readonly stateKey?: string;
  /** A tool output shown instead of the host's (tests, stories); even `{ value: null }` counts. */
  readonly output?: { readonly value: unknown };
  /**
   * What the model is told the person did (`ui/update-model-context`), in the app's words;
   * each falls back to the kit's neutral sentence. For the model, not the person: never
   * translated, and nothing the person typed (the reference is the server's).
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
  getSnapshot(): WriteFlow<R, PrepareArgs, CommitArgs>;
  /** Calls `listener` after every change (the host's widget state included); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

interface Shown<R extends View> {
  readonly view: R | ErrorView;
  /** The call that made it, to run again. */
  readonly again?: () => Promise<unknown>;
}

/** The ToolError of an error view; null for any other view, or none. */
const errorOf = (view: { readonly state: string } | null | undefined): ToolError | null =>
  view?.state === "error" ? (view as ErrorView).error : null;

/** An error no retry helps: not retryable, and not one a sign-in (then the same call) resolves. */
const isFinalError = (view: { readonly state: string } | null | undefined): boolean => {
  const error = errorOf(view);
  return error !== null && !error.retryable && !needsSignIn(error);
};

/** The prepare → confirm → commit → receipt flow over an app's tools, on `host`. */
export function createWriteFlow<R extends View, PrepareArgs = Args, CommitArgs = Args>(
  options: WriteFlowCoreOptions<R>,
): WriteFlowStore<R, PrepareArgs, CommitArgs> {
  const { host, contract, receipt, output, prepare: prepareTool, commit: commitTool } = options;
  const stateKey = options.stateKey ?? "wkWriteFlow";
  // The app's words for the model, each else the kit's: neutral, so that a cancelling app's
  // "confirmed" is no purchase. Read per use: a word given as undefined is the kit's too.
  const words = options.words ?? {};
  const toolForKind: { [kind: string]: string } = {};
  for (const ref of Object.values(options.tools ?? {})) toolForKind[ref.kind] = ref.name;
  const listeners = new Set<() => void>();
  const readStored = () => readStateKey(host, stateKey);
  const writeStored = (value: unknown) => writeStateKey(host, stateKey, value);
  /**
   * Tells the model what the person did (MCP Apps `ui/update-model-context`), so it neither
   * asks again nor calls again; only where the host says it can. Fixed words and the server's
   * own reference only: nothing the person typed.
   */
  const tell = (text: string) => {
    if (!host.capabilities.updateModelContext) return;
    try {
      host.updateModelContext?.({ content: [{ type: "text", text }] }).catch(() => {});
    } catch {
      // a host whose call throws: the model is not told, the flow lives
    }
  };
  /** A call refused for want of sign-in; the next answer that is not one means they signed in. */
  let signInAsked = false;
  const signedIn = (error: ToolError | null) => {
    const asks = error !== null && needsSignIn(error);
    if (signInAsked && !asks) tell(words.signedIn ?? "The person signed in.");
    signInAsked = asks;
  };
  let sent = false; // a commit of the shown draft was sent: cancelling may not mean "nothing"
  const kindOf = (view: unknown) => (view as { kind?: string } | null)?.kind;
  /** A draft's or receipt's kind (the flow's own tools'): a result of it has no list under it. */
  const isWrite = (view: unknown) => {
    const kind = kindOf(view);
    return kind === prepareTool.kind || kind === commitTool.kind;
  };

  /** A stored draft or receipt, parsed again; anything else is null. */
  const restore = (value: unknown): R | null => {
    const view = contract.parse(value); // nothing stored (null) parses as invalid
    return RECORDS.includes(view.state) && isWrite(view) ? view : null;
  };

  let seenStored = readStored();
  const restored = restore(seenStored);
  let shown: Shown<R> | null = restored && { view: restored };
  let cancelled = false;
  let pending: PrepareArgs | null = null;
  let justCommitted = false;
  let commitFailed = false; // the commit failed for good: back and refresh are offered
  let movedOn = false; // the person acted: widget state arriving late no longer replaces it
  let lastCommitted: { readonly raw: unknown; readonly view: R } | null = null;
  let snapshot: WriteFlow<R, PrepareArgs, CommitArgs> | null = null;
  let baseFrom: unknown = listeners; // not a tool output: the first read parses
  let base: R | null = null;

  /** After a change: the snapshot is made again, and every listener told. */
  const notify = () => {
    snapshot = null;
    for (const listener of [...listeners]) listener();
  };

  /** Widget state that arrived (or changed): restored only while nothing else is shown. */
  const syncStored = (): boolean => {
    const stored = readStored();
    if (stored === seenStored) return false;
    seenStored = stored;
    const view = shown || movedOn ? null : restore(stored);
    if (view) shown = { view };
    return Boolean(view);
  };

  const rawBase = (): unknown => (output ? output.value : host.get("toolOutput"));
  const readBase = (): R | null => {
    const value = rawBase();
    if (value !== baseFrom) {
      baseFrom = value;
      base = !output && value == null ? null : contract.parse(value);
    }
    return base;
  };

  /** A call's answer shown in place; a draft or receipt is kept, with its proof beside it. */
  function show(outcome: CallOutcome, kind: string, again: () => Promise<unknown>) {
    const view = callView(contract, outcome, kind);
    shown = { view, again };
    signedIn(errorOf(view));
    // The proof under its `_meta` name, in the private part: the model must not read it.
    if (outcome.ok && view.state !== "error" && view.state !== "invalid") {
      writeStateKey(host, stateKey, { [CONFIRMATION_META]: proofOf(outcome.result.meta) }, true);
      writeStored(outcome.result.structuredContent);
    }
  }

  async function prepare(args: PrepareArgs): Promise<void> {
    if (pending) return; // one prepare at a time, however often it is pressed
    movedOn = true;
    commitFailed = justCommitted = sent = false;
    pending = args;
    notify();
    const outcome = await callToolOnce(host, prepareTool.name, args as Args);
    cancelled = false;
    pending = null;
    show(outcome, prepareTool.kind, () => prepare(args));
    notify();
  }

  async function commit(args: CommitArgs): Promise<CommitOutcome> {
    // The flow's own draft has its proof in private widget state; the host's result, in its
    // `_meta`. A commit that needs none gets none (its schema would refuse the extra argument).
    const proof = proofOf(
      shown ? readStateKey(host, stateKey, true) : host.get("toolResponseMetadata"),
    );
    const outcome = await callToolOnce(
      host,
      commitTool.name,
      proof ? { ...(args as Args), [CONFIRMATION_ARGUMENT]: proof } : (args as Args),
    );
    const view = callView(contract, outcome, commitTool.kind);
    const result = commitOutcomeOf(view, receipt);
    sent = true;
    // The same as the result's error: an answer that is no receipt is never a sign-in.
    signedIn(errorOf(view));
    if (result.ok && outcome.ok)
      lastCommitted = { raw: outcome.result.structuredContent, view: view as R };
    commitFailed = !result.ok && isFinalError(view);
    notify();
    return result;
  }

  function committed() {
    const last = lastCommitted;
    if (!last) return;
    writeStored(last.raw);
    shown = { view: last.view };
    justCommitted = true;
    commitFailed = false;
    const done = receipt(last.view);
    if (done)
      tell(
        words.confirmed?.(done.reference) ?? `The person confirmed (reference ${done.reference}).`,
      );
    notify();
  }

  /**
   * The read the host's result came from, run again with the host's input: a retry, a
   * refresh, or back after a committed write (the list it changed, not the list as it was).
   */
  async function runBase(): Promise<void> {
    movedOn = true; // the person asked for it: widget state arriving late no longer replaces it
    const kind = kindOf(readBase());
    const tool = kind && toolForKind[kind];
    if (!tool) return; // no kind, or no tool of it
    const outcome = await callToolOnce(host, tool, host.get("toolInput") ?? {});
    show(outcome, kind!, runBase);
    commitFailed = justCommitted = false;
    notify();
  }

  function cancel() {
    movedOn = true;
    // The person declined the draft they saw (not "back" after a receipt or an error).
    const view = shown?.view ?? readBase();
    if (view?.state === "confirm" && !sent)
      tell(words.declined ?? "The person did not confirm; nothing changed.");
    writeStored(null);
    // With a list underneath, go back to it; a widget that only showed the model's draft (or
    // the model's prepare or commit, refused) has none.
    if (isWrite(readBase())) cancelled = true;
    shown = null;
    commitFailed = justCommitted = false;
    notify();
  }

  function compute(): WriteFlow<R, PrepareArgs, CommitArgs> {
    const current = readBase();
    const view = shown?.view ?? current;
    const baseKind = kindOf(current);
    // A list under the flow's own view: the host's result is neither a draft nor a receipt.
    const listBase = current !== null && !isWrite(current);
    const baseTool = baseKind && toolForKind[baseKind];
    const again = shown ? shown.again : baseTool ? runBase : undefined;
    const done = shown?.view.state === "committed";
    const ended = commitFailed || isFinalError(shown?.view) || done;
    // After a committed write, back is the read again (the list as it was is stale), and no
    // second button does the same.
    const back = listBase && ended ? (done && baseTool ? runBase : cancel) : undefined;
    return {
      view,
      cancelled,
      pending,
      justCommitted,
      retry: view?.state === "error" && !isFinalError(view) ? again : undefined,
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

  return {
    getSnapshot() {
      // Read without a subscription too (a first render): widget state or output that changed.
      if (syncStored() || rawBase() !== baseFrom) snapshot = null;
      return (snapshot ??= compute());
    },
    subscribe(listener) {
      listeners.add(listener);
      const stopState = host.subscribe("widgetState", () => syncStored() && notify());
      const stopOutput = host.subscribe("toolOutput", notify);
      return () => {
        listeners.delete(listener);
        stopState();
        stopOutput();
      };
    },
    prepare,
    commit,
    committed,
    cancel,
  };
}
