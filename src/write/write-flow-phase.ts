/**
 * Where the write flow is, as one value, and the one pure function that moves it: the flow's
 * rules without a host, a tool call or React (as the commit machine's phases are, and as
 * TanStack Query's `Mutation#dispatch` reduces a mutation's state). The store in
 * ./write-flow.ts only calls tools, keeps widget state and tells the model; every change of
 * where the flow is goes through `reduceWriteFlow`, so each rule below is one case of it:
 * - what is shown is one of four phases; a prepare on its way (`pending`) rides on any of them,
 *   because the person still sees what was there when they pressed it;
 * - one prepare at a time: a prepare while one is on its way changes nothing;
 * - widget state that arrives is shown only while the person has not acted (`start`);
 * - cancel goes back to the host's result, or ends the flow when it is a draft or receipt;
 * - a commit's answer is kept beside the draft it was sent for, until the person sees the
 *   receipt (`committed`), prepares again, or leaves.
 */
import type { ErrorView } from "../contract/index.ts";
import type { WriteFlowView as View } from "./call-view.ts";

/** A commit sent for the draft on screen, and its answer. */
export interface WriteFlowSent<R extends View> {
  /** The answer as a view: the receipt, or the error (final, retryable, or asking to sign in). */
  readonly view: R | ErrorView;
  /** Set when it went through: the committed result as the server sent it, to keep. */
  readonly done?: { readonly raw: unknown };
}

/** What every phase carries beside its kind. */
interface Carried<R extends View, PrepareArgs> {
  /** The arguments of the prepare on its way, if one is. */
  readonly pending?: PrepareArgs;
  /** The commit sent for the draft on screen, and its answer. */
  readonly sent?: WriteFlowSent<R>;
}

/** Where the write flow is. */
export type WriteFlowPhase<R extends View, PrepareArgs> = Carried<R, PrepareArgs> &
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

/** What happens to the flow. */
export type WriteFlowEvent<R extends View, PrepareArgs> =
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
  /** The commit's answer. */
  | ({ readonly type: "sent" } & WriteFlowSent<R>)
  /** The person saw the commit go through: its receipt replaces the draft. */
  | { readonly type: "committed" }
  /** The person left the draft; `end` when the host's result is a draft or receipt (no list). */
  | { readonly type: "cancel"; readonly end: boolean };

/** The write flow's rules: where `phase` goes on `event`. Pure; never throws. */
export function reduceWriteFlow<R extends View, A>(
  phase: WriteFlowPhase<R, A>,
  event: WriteFlowEvent<R, A>,
): WriteFlowPhase<R, A> {
  const type = event.type;
  const { kind, sent, pending } = phase;
  if (type === "prepare")
    // One prepare at a time. The person acted (no restore from here on), and what a commit
    // left behind is forgotten; what they see stays until the answer.
    return pending
      ? phase
      : ({
          ...phase,
          kind: kind === "start" ? "base" : kind,
          pending: event.args,
          sent: undefined,
          fresh: false,
        } as WriteFlowPhase<R, A>);
  // Below, a prepare on its way stays on its way, until its own answer.
  if (type === "answer")
    return {
      kind: "shown",
      view: event.view,
      again: event.again,
      pending: event.prepared ? undefined : pending,
    };
  if (type === "read") return kind === "start" ? { ...phase, kind: "base" } : phase;
  // The event is the commit's answer: kept as it is.
  if (type === "sent") return { ...phase, sent: event };
  if (type === "committed")
    return sent?.done ? { kind: "shown", view: sent.view, fresh: true, pending } : phase;
  return { kind: event.end ? "cancelled" : "base", pending };
}
