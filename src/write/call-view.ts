/**
 * A tool call's outcome as a view, and a commit's outcome from it — framework-free, so the
 * write flow's hook only wires them to the host and to React state.
 */
import type { CallOutcome } from "../bridge/call-tool-once.ts";
import { unreadableResult } from "../bridge/host-call-error.ts";
import type { ErrorView } from "../contract/index.ts";
import type { CommitOutcome, CommitSuccess } from "./commit-outcome.ts";
import { hasChallengeMeta, signInRequired } from "../contract/sign-in.ts";
import { CONFIRMATION_NOT_DELIVERED, CONFIRMATION_REQUIRED } from "../contract/error-codes.ts";
import { IS_DEV } from "../core/is-dev.ts";

/** Tool arguments, as the write flow sends them. */
export type WriteFlowArgs = { readonly [key: string]: unknown };

/** A parsed view, as any contract's `parse` returns. */
export type WriteFlowView = { readonly state: string };

/** A contract, as the write flow needs it. */
export interface WriteFlowContract<R extends WriteFlowView> {
  /** The contract version its results carry. */
  readonly version: string;
  /** Reads one result (untrusted) as a view; never throws. */
  parse(input: unknown, meta?: unknown): R;
}

/**
 * A call's outcome as a view: host failures and unreadable error results become `error`;
 * an error result that carries the sign-in challenge but no readable ToolError asks to sign in.
 */
export function callView<R extends WriteFlowView>(
  contract: WriteFlowContract<R>,
  outcome: CallOutcome,
  kind: string,
): R | ErrorView {
  const error = (value: ErrorView["error"]): ErrorView => ({
    state: "error",
    kind,
    version: contract.version,
    error: value,
  });
  if (!outcome.ok) return error(outcome.error);
  // What the model read, with `_meta` (a record's widget-only fields).
  const { structuredContent, meta, isError } = outcome.result;
  const view = contract.parse(structuredContent, meta);
  if (view.state !== "invalid" || !isError) return view;
  return error(hasChallengeMeta(meta) ? signInRequired() : unreadableResult());
}

/**
 * A commit call's outcome: the receipt of a committed result, its ToolError, or — for an
 * answer that is no receipt — an unreadable result whose write may have happened.
 */
export function commitOutcomeOf<R extends WriteFlowView>(
  view: R | ErrorView,
  receipt: (view: R) => CommitSuccess | null,
): CommitOutcome {
  const error = (view as ErrorView).error; // only an error view carries one
  if (error) return { ok: false, error };
  return receipt(view as R) ?? { ok: false, error: unreadableResult("unknown") };
}

/**
 * A commit's answer, told truthfully when no confirmation proof reached the widget: refused
 * `CONFIRMATION_REQUIRED` after it was sent without one, the host dropped the prepare result's
 * `_meta` (or the prepare tool issued no proof) — nothing expired, and preparing again in this
 * widget would lose the proof again. Such a refusal becomes `CONFIRMATION_NOT_DELIVERED`
 * (docs/components.md, "useWriteFlow"); the developer console names the gap.
 */
export function proofGapView<R extends WriteFlowView>(
  view: R | ErrorView,
  proofSent: boolean,
): R | ErrorView {
  const error = (view as ErrorView).error;
  if (proofSent || error?.code !== CONFIRMATION_REQUIRED) return view;
  if (IS_DEV)
    console.warn(
      '[mcp-widget-kit] write flow: the commit was refused CONFIRMATION_REQUIRED, and no proof reached the widget to send: the host dropped the prepare result\'s _meta ("mcp-widget-kit/confirmation"), or the prepare tool issued none.',
    );
  return { ...(view as ErrorView), error: { ...error, code: CONFIRMATION_NOT_DELIVERED } };
}
