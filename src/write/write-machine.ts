/**
 * The widget's write as one value and the one pure function that moves it: the flow's screen
 * (list, draft, receipt), the prepare on its way, and the commit of the draft on screen — its
 * phase, its idempotency key and its answer — with no host, tool call or React. Every change
 * goes through `reduceWrite`; what holds it (./write-flow.ts, src/hooks/use-draft-commit.ts) runs
 * the effects — calls, widget state, telling the model — only after reducing, as TanStack
 * Query's `Mutation#dispatch` reduces a mutation's state and then notifies. Each rule is one
 * case of the switch:
 * - what is shown is one of four screens; a prepare on its way (`pending`) rides on any of them,
 *   because the person still sees what was there when they pressed it;
 * - one prepare at a time: a prepare while one is on its way changes nothing;
 * - widget state that arrives is shown only while the person has not acted (`start`);
 * - cancel goes back to the host's result, or ends the flow when it is a draft or receipt;
 * - one commit at a time: a commit while one is on its way (`committing`, or an error
 *   `retrying`) or once committed changes nothing, and an expired draft is not committed
 *   from `confirm` (a failed one may be retried);
 * - the key a commit is sent with is held in the state, so a host without widget state still
 *   sends it again;
 * - a commit's answer is kept beside the draft it was sent for, until the person sees the
 *   receipt (`committed`), prepares again, or leaves.
 */
import { HOST_CALL_FAILED } from "../contract/error-codes.ts";
import type { ErrorView, ToolError } from "../contract/index.ts";
import { needsSignIn } from "../contract/sign-in.ts";
import type { WriteFlowView as View } from "./call-view.ts";
import type { CommitOutcome, CommitSuccess } from "./commit-outcome.ts";

/** Where a commit is. `error` with `signIn` asks the person to sign in, then retries. */
export type CommitPhase =
  | { readonly kind: "confirm" }
  | { readonly kind: "committing" }
  | { readonly kind: "committed"; readonly outcome: CommitSuccess }
  | {
      readonly kind: "error";
      readonly error: ToolError;
      /** A retry of the same key is on its way. */
      readonly retrying: boolean;
      /** The call needs a signed-in person: the retry is "sign in". */
      readonly signIn: boolean;
    };

/** The commit of the draft on screen: its phase, its key, and its answer as the flow read it. */
export interface WriteCommit<R extends View> {
  readonly phase: CommitPhase;
  /** The idempotency key the commit was sent with, held while this state lives. */
  readonly key?: string;
  /** The answer as a view: the receipt, or the error (final, retryable, or asking to sign in). */
  readonly view?: R | ErrorView;
  /** Set when it went through: the committed result as the server sent it, to keep. */
  readonly done?: { readonly raw: unknown };
}

/** What every screen carries beside its kind. */
interface Carried<R extends View, PrepareArgs> {
  /** The arguments of the prepare on its way, if one is. */
  readonly pending?: PrepareArgs;
  /** The commit sent (or being sent) for the draft on screen. */
  readonly commit?: WriteCommit<R>;
}

/** Where the write is. */
export type WritePhase<R extends View, PrepareArgs> = Carried<R, PrepareArgs> &
  (
    | /** The host's result (and widget state, restored while the person has not acted). */
      { readonly kind: "start" }
      /** The host's result after the person acted: widget state that arrives no longer shows. */
    | { readonly kind: "base" }
    /** The person cancelled a draft with no list under it. */
    | { readonly kind: "cancelled" }
    /** A call's answer (a draft, an error, the list read again) or the receipt. */
    | {
        readonly kind: "shown";
        readonly view: R | ErrorView;
        /** The call that made it, to run again. */
        readonly again?: () => Promise<unknown>;
        /** This flow has just committed it (not a restored receipt). */
        readonly fresh?: boolean;
      }
  );

/** What happens to the write. */
export type WriteEvent<R extends View, PrepareArgs> =
  /** The person asked for a draft. */
  | { readonly type: "prepare"; readonly args: PrepareArgs }
  /** The person asked for the host's read again (retry, refresh, back after a write). */
  | { readonly type: "read" }
  /** A call's answer: the prepare's (`prepared`, which ends it), or the read's. */
  | {
      readonly type: "answer";
      readonly view: R | ErrorView;
      readonly again: () => Promise<unknown>;
      readonly prepared?: boolean;
    }
  /**
   * The person confirmed (or retried) the draft, to be sent with `key` (the stored one, the
   * held one, or a new one); `expired`: its expiry has passed.
   */
  | { readonly type: "commit"; readonly key: string; readonly expired?: boolean }
  /** The commit's answer, and what the flow read from it. */
  | {
      readonly type: "sent";
      readonly outcome: CommitOutcome;
      readonly view?: R | ErrorView;
      readonly done?: { readonly raw: unknown };
    }
  /** The person saw the commit go through: its receipt replaces the draft. */
  | { readonly type: "committed" }
  /** The person left the draft; `end` when the host's result is a draft or receipt (no list). */
  | { readonly type: "cancel"; readonly end: boolean };

const CONFIRM: CommitPhase = { kind: "confirm" };

/** The commit phase of `state` (`confirm` before any commit). */
export const commitPhase = (state: Carried<View, unknown>): CommitPhase =>
  state.commit?.phase ?? CONFIRM;

/** A commit on its way: the first try, or a retry. */
export const isCommitting = (phase: CommitPhase): boolean =>
  phase.kind === "committing" || (phase.kind === "error" && phase.retrying);

/** A commit's outcome as a phase: failures say whether the write may have happened. */
export function phaseOf(outcome: CommitOutcome): CommitPhase {
  if (outcome.ok) return { kind: "committed", outcome };
  // A lost host call says nothing about the write: it may have happened.
  const error =
    outcome.error.code === HOST_CALL_FAILED && !outcome.error.changes
      ? { ...outcome.error, changes: "unknown" as const }
      : outcome.error;
  return { kind: "error", error, retrying: false, signIn: needsSignIn(error) };
}

/** The write's rules: where `state` goes on `event`. Pure; never throws. */
export function reduceWrite<R extends View, A>(
  state: WritePhase<R, A>,
  event: WriteEvent<R, A>,
): WritePhase<R, A> {
  const { pending, commit } = state;
  switch (event.type) {
    case "prepare":
      // The person acted (no restore from here on), and a commit's leftovers are forgotten;
      // what they see stays until the answer.
      if (pending) return state;
      return state.kind === "shown"
        ? { ...state, pending: event.args, commit: undefined, fresh: false }
        : { kind: state.kind === "start" ? "base" : state.kind, pending: event.args };
    // Below, a prepare on its way stays on its way, until its own answer.
    case "answer":
      return {
        kind: "shown",
        view: event.view,
        again: event.again,
        pending: event.prepared ? undefined : pending,
      };
    case "read":
      return state.kind === "start" ? { ...state, kind: "base" } : state;
    case "commit": {
      // The person confirmed (or retried): the commit is on its way, unless one is or it went
      // through, or the draft expired before any commit.
      const phase = commitPhase(state);
      if (isCommitting(phase) || phase.kind === "committed") return state;
      if (event.expired && phase.kind === "confirm") return state;
      return {
        ...state,
        commit: {
          ...commit,
          key: event.key,
          phase: phase.kind === "error" ? { ...phase, retrying: true } : { kind: "committing" },
        },
      };
    }
    case "sent":
      return {
        ...state,
        commit: { ...commit, phase: phaseOf(event.outcome), view: event.view, done: event.done },
      };
    case "committed":
      return commit?.done && commit.view
        ? { kind: "shown", view: commit.view, fresh: true, pending }
        : state;
    case "cancel":
      return { kind: event.end ? "cancelled" : "base", pending };
  }
}
