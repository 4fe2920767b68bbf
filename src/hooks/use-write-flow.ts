/**
 * The write flow in React: a thin hook over the framework-free store (`createWriteFlow`, in
 * src/write/write-flow.ts, where its rules are written and tested without a DOM). It holds no
 * React state of its own: the store is made once per host and options, and read with
 * `useSyncExternalStore`. Its types come from the tools' refs (`toolRefs`): `prepare`,
 * `pending` and `commit` take each tool's own arguments, as the server declared them.
 */
import { useMemo, useSyncExternalStore } from "react";
import type { ToolInputOf, ToolRef } from "../contract/tools.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import { createWriteFlow, type WriteFlow } from "../write/write-flow.ts";
import { useHost } from "./host-context.tsx";

/** Options of `useWriteFlow`: the contract, and the typed refs of its tools (`toolRefs`). */
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
    parse(input: unknown): R;
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

/**
 * The prepare → confirm → commit → receipt flow over an app's tools.
 *
 * @example
 * const flow = useWriteFlow({ contract: flights, prepare: tools.prepare_booking,
 *   commit: tools.book_flight, tools, receipt });
 * flow.prepare({ offer_id: offer.id, passengers: 1 }); // the tool's own arguments, checked
 *
 * `flow.commit` takes the commit tool's arguments without `confirmation`: the flow adds the
 * draft's proof itself.
 */
export function useWriteFlow<
  R extends { readonly state: string },
  P extends ToolRef,
  C extends ToolRef,
>(
  options: WriteFlowOptions<R, P, C>,
): WriteFlow<R, ToolInputOf<P>, Omit<ToolInputOf<C>, "confirmation">> {
  const host = useHost();
  const { contract, prepare, commit, stateKey, hasOutput, output } = options;
  // One store per host, contract, tools and output: the options object is a new literal on
  // every render, its parts are not (`receipt`, `tools` and `words` are read when the store is made).
  const flow = useMemo(
    () =>
      // The options as they are (the store reads its own), with the host and the output wrapped.
      createWriteFlow<R, ToolInputOf<P>, Omit<ToolInputOf<C>, "confirmation">>({
        ...options,
        host,
        output: hasOutput ? { value: output } : undefined,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [host, contract, prepare, commit, stateKey, hasOutput, output],
  );
  // The snapshot is the flow: its state and its actions, one object until the next change.
  return useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
}
