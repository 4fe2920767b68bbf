/**
 * The write flow in React: a thin hook over the framework-free store (`createWriteFlow`, in
 * src/write/write-flow.ts, where its rules are written and tested without a DOM). It holds no
 * React state of its own: the store is made once per host and options, and read with
 * `useSyncExternalStore`.
 */
import { useMemo, useSyncExternalStore } from "react";
import type { ErrorView } from "../contract/index.ts";
import type { ToolRef } from "../contract/tools.ts";
import {
  type WriteFlowArgs as Args,
  type WriteFlowContract as FlowContract,
  type WriteFlowView as View,
} from "../write/call-view.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import { createWriteFlow, type WriteFlowSnapshot } from "../write/write-flow.ts";
import { useHost } from "./host-context.tsx";

/**
 * A tool of the flow and the kind of result it returns: a typed handle from `toolRefs` (its
 * name and kind come from the server's declaration), or both spelled out.
 */
export type WriteFlowTool = ToolRef | { readonly tool: string; readonly kind: string };

/** Options of `useWriteFlow`. */
export interface WriteFlowOptions<R extends View> {
  /** Parses tool outputs and stored state. */
  readonly contract: FlowContract<R>;
  /** The prepare tool (e.g. `tools.prepare_order`, whose results are `order_draft`). */
  readonly prepare: WriteFlowTool;
  /** The commit tool (e.g. `tools.commit_order`, whose results are `order`). */
  readonly commit: WriteFlowTool;
  /**
   * The app's tools (`toolRefs(…)`): a failed result the host shows is retried, with its
   * input, through the tool whose kind it is.
   */
  readonly tools?: { readonly [name: string]: ToolRef };
  /** The tool behind each kind, where `tools` is not given (the untyped form). */
  readonly toolForKind?: { readonly [kind: string]: string };
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
}

/** What `useWriteFlow` returns. */
export interface WriteFlow<R extends View> extends WriteFlowSnapshot<R> {
  /** The view to show: the flow's draft, receipt or error, else the host's result; null = loading. */
  readonly view: R | ErrorView | null;
  /** Prepares a draft; ignored while another prepare runs. */
  readonly prepare: (args: Args) => Promise<void>;
  /**
   * Sends the commit — ConfirmDraft's `onCommit`, with the key it made — and gives back
   * the receipt or the error (an unreadable answer says the write may have happened).
   */
  readonly commit: (args: Args) => Promise<CommitOutcome>;
  /**
   * ConfirmDraft's `onCommitted`: keeps the committed result in widget state and shows it,
   * so the app's own receipt (its `renderRecord` for the commit kind) replaces the
   * confirmation at once — the same receipt a remount restores.
   */
  readonly committed: () => void;
  /** Back to the list, forgetting the draft. */
  readonly cancel: () => void;
}

/** A flow tool as name and kind. */
function flowTool(tool: WriteFlowTool): { readonly name: string; readonly kind: string } {
  return "name" in tool ? tool : { name: tool.tool, kind: tool.kind };
}

/** The prepare → confirm → commit → receipt flow over an app's tools. */
export function useWriteFlow<R extends View>(options: WriteFlowOptions<R>): WriteFlow<R> {
  const host = useHost();
  const { contract, stateKey, hasOutput, output } = options;
  const prepare = flowTool(options.prepare);
  const commit = flowTool(options.commit);
  const receipt = options.receipt;
  const tools =
    options.tools ??
    Object.fromEntries(
      Object.entries(options.toolForKind ?? {}).map(([kind, name]) => [name, { name, kind }]),
    );
  // One store per host, contract, tools and output: the options object is a new literal on
  // every render, its parts are not (`receipt` and `tools` are read when the store is made).
  const flow = useMemo(
    () =>
      createWriteFlow<R>({
        host,
        contract,
        prepare,
        commit,
        tools,
        receipt,
        stateKey,
        output: hasOutput ? { value: output } : undefined,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      host,
      contract,
      prepare.name,
      prepare.kind,
      commit.name,
      commit.kind,
      stateKey,
      hasOutput,
      output,
    ],
  );
  const snapshot = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
  return {
    ...snapshot,
    prepare: flow.prepare,
    commit: flow.commit,
    committed: flow.committed,
    cancel: flow.cancel,
  };
}
