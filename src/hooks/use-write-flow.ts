/**
 * The write flow of any app: list → prepare (a draft to confirm) → commit → receipt, with the
 * rules a real host forces on it:
 * - one prepare at a time, however often its button is pressed;
 * - the draft or receipt result is kept in widget state and parsed again (it is untrusted) on
 *   a remount, and also when widget state arrives after the first render (MCP Apps delivers it
 *   with the tool result) unless the person has already moved on;
 * - cancel goes back to the list (or to a "cancelled" notice when there is no list);
 * - a failed prepare, commit or base result is shown in place with a retry of the same call.
 * The idempotency key of the commit is the commit machine's job (`createCommitMachine`, under
 * ConfirmDraft: made once per draft, stored before the call); this hook only sends it — with
 * the draft's confirmation proof, read from the prepare result's `_meta`: the flow's own
 * prepare's, kept in widget state with the draft (so a remount, retry or sign-in sends it as
 * it sends the same key), or the host's result's, when the model prepared and the host
 * rendered the widget with it. What a
 * call's answer means (`callView`, `commitOutcomeOf`) is framework-free too: this hook wires
 * them to the host and to React state.
 */
import { useMemo, useRef, useState } from "react";
import type { ErrorView } from "../contract/index.ts";
import { callToolOnce, type CallOutcome } from "../bridge/call-tool-once.ts";
import {
  callView,
  commitOutcomeOf,
  type WriteFlowArgs as Args,
  type WriteFlowContract as FlowContract,
  type WriteFlowView as View,
} from "../write/call-view.ts";
import { NON_RECORD_STATES } from "../contract/states.ts";
import type { ToolRef } from "../contract/tools.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import { CONFIRMATION_ARGUMENT, CONFIRMATION_META } from "../contract/confirmation.ts";
import { proofOf } from "../write/confirmation-proof.ts";
import { useHost } from "./host-context.tsx";
import { useHostGlobal } from "./use-host-global.ts";
import { useWidgetState } from "./use-widget-state.ts";

/** A stored view in one of these states is no draft or receipt, and is ignored. */
const NOT_RECORDS: ReadonlySet<string> = /* @__PURE__ */ new Set(NON_RECORD_STATES);

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
export interface WriteFlow<R extends View> {
  /** The view to show: the flow's draft, receipt or error, else the host's result; null = loading. */
  readonly view: R | ErrorView | null;
  /** The person cancelled a draft that had no list under it. */
  readonly cancelled: boolean;
  /** The arguments of the prepare in flight, if any (to mark its item busy). */
  readonly pending: Args | null;
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
  /**
   * True once this mount has committed: pass it to the receipt's `focusOnMount`, so focus
   * moves to the receipt that replaced the confirm button (and not on a restored receipt).
   */
  readonly justCommitted: boolean;
  /** Back to the list, forgetting the draft. */
  readonly cancel: () => void;
  /** Retries what failed (a prepare, or the host's result through its tool), if anything did. */
  readonly retry: (() => Promise<unknown>) | undefined;
}

interface Shown<R extends View> {
  readonly view: R | ErrorView;
  readonly retry?: () => Promise<unknown>;
  /** The raw result to persist (drafts and receipts only). */
  readonly stored?: unknown;
}

/** A flow tool as name and kind. */
function flowTool(tool: WriteFlowTool): { readonly tool: string; readonly kind: string } {
  return "name" in tool ? { tool: tool.name, kind: tool.kind } : tool;
}

/** The prepare → confirm → commit → receipt flow over an app's tools. */
export function useWriteFlow<R extends View>(options: WriteFlowOptions<R>): WriteFlow<R> {
  const { contract } = options;
  const prepareTool = flowTool(options.prepare);
  const commitTool = flowTool(options.commit);
  const toolForKind = options.tools
    ? Object.fromEntries(Object.values(options.tools).map((ref) => [ref.kind, ref.name]))
    : (options.toolForKind ?? {});
  const receiptOf = options.receipt;
  const stateKey = options.stateKey ?? "wkWriteFlow";
  const host = useHost();
  const hostOutput = useHostGlobal("toolOutput");
  const toolInput = useHostGlobal("toolInput");
  const [stored, setStored] = useWidgetState<unknown>(null, { key: stateKey });
  const hostMeta = useHostGlobal("toolResponseMetadata");
  const draftKind = prepareTool.kind;
  const receiptKind = commitTool.kind;

  /** A stored draft or receipt, parsed again; anything else is null. */
  const restore = (value: unknown): R | null => {
    if (value === null || value === undefined) return null;
    const view = contract.parse(value);
    const kind = (view as { kind?: unknown }).kind;
    const usable = !NOT_RECORDS.has(view.state) && (kind === draftKind || kind === receiptKind);
    return usable ? view : null;
  };

  const [shown, setShown] = useState<Shown<R> | null>(() => {
    const view = restore(stored);
    return view ? { view } : null;
  });
  const [cancelled, setCancelled] = useState(false);
  const [pending, setPending] = useState<Args | null>(null);
  const [justCommitted, setJustCommitted] = useState(false);
  const [seenStored, setSeenStored] = useState<unknown>(stored);
  if (stored !== seenStored) {
    setSeenStored(stored);
    const restored = shown === null && !cancelled && pending === null ? restore(stored) : null;
    if (restored) setShown({ view: restored });
  }
  const preparing = useRef(false);

  const output = options.hasOutput ? options.output : hostOutput;
  const base = useMemo(
    () =>
      !options.hasOutput && (output === null || output === undefined)
        ? null
        : contract.parse(output),
    [options.hasOutput, output, contract],
  );

  const outcomeView = (outcome: CallOutcome, kind: string) => callView(contract, outcome, kind);

  function show(outcome: CallOutcome, kind: string, retry: () => Promise<unknown>) {
    const view = outcomeView(outcome, kind);
    const keep = outcome.ok && view.state !== "error" && view.state !== "invalid";
    setShown({ view, retry: view.state === "error" ? retry : undefined });
    // The proof beside the draft, under its `_meta` name (parsing the draft again ignores it).
    if (keep)
      setStored({
        ...(outcome.result.structuredContent as object),
        [CONFIRMATION_META]: proofOf(outcome.result.meta),
      });
  }

  async function prepare(args: Args): Promise<void> {
    if (preparing.current) return; // one prepare at a time, however often it is pressed
    preparing.current = true;
    setPending(args);
    setJustCommitted(false);
    try {
      const outcome = await callToolOnce(host, prepareTool.tool, args);
      setCancelled(false);
      show(outcome, prepareTool.kind, () => prepare(args));
    } finally {
      preparing.current = false;
      setPending(null);
    }
  }

  const lastCommitted = useRef<{ readonly raw: unknown; readonly view: R } | null>(null);
  async function commit(args: Args): Promise<CommitOutcome> {
    // The flow's own draft has its proof in widget state; the host's result, in its `_meta`.
    // A commit that needs none gets none (its schema would refuse the extra argument).
    const proof = proofOf(shown ? stored : hostMeta);
    const outcome = await callToolOnce(
      host,
      commitTool.tool,
      proof ? { ...args, [CONFIRMATION_ARGUMENT]: proof } : args,
    );
    const view = outcomeView(outcome, commitTool.kind);
    const result = commitOutcomeOf(view, receiptOf);
    if (result.ok && outcome.ok)
      lastCommitted.current = { raw: outcome.result.structuredContent, view: view as R };
    return result;
  }

  function committed() {
    const last = lastCommitted.current;
    if (!last) return;
    setStored(last.raw);
    setShown({ view: last.view });
    setJustCommitted(true);
  }

  const baseKind = base && "kind" in base ? (base as { kind: unknown }).kind : undefined;
  async function retryBase(): Promise<void> {
    const tool = typeof baseKind === "string" ? toolForKind[baseKind] : undefined;
    if (!tool || typeof baseKind !== "string") return;
    const outcome = await callToolOnce(host, tool, toolInput);
    show(outcome, baseKind, retryBase);
  }

  function cancel() {
    setStored(null);
    // With a list underneath, go back to it; a widget that only showed the draft has none.
    const baseIsDraft = base !== null && baseKind === draftKind && base.state !== "error";
    if (baseIsDraft) setCancelled(true);
    setShown(null);
  }

  const canRetryBase =
    base?.state === "error" && typeof baseKind === "string" && Boolean(toolForKind[baseKind]);
  return {
    view: shown?.view ?? base,
    cancelled,
    pending,
    prepare,
    commit,
    committed,
    justCommitted,
    cancel,
    retry: shown ? shown.retry : canRetryBase ? retryBase : undefined,
  };
}
