/**
 * The write flow in React: a thin hook over the framework-free store (`createWriteFlow`, in
 * src/write/write-flow.ts, where its rules are written and tested without a DOM). It holds no
 * React state of its own: the store is made once per host, given the latest options on every
 * render, and read with `useSyncExternalStore`. Its types come from the tools' refs
 * (`toolRefs`): `prepare`, `pending` and `commit` take each tool's own arguments, as the server
 * declared them.
 */
import { useMemo, useSyncExternalStore } from "react";
import type { ToolInputOf, ToolRef } from "../contract/tools.ts";
import { createWriteFlow, type WriteFlow, type WriteFlowOptions } from "../write/write-flow.ts";
import { useHost } from "./host-context.tsx";

export type { WriteFlowOptions } from "../write/write-flow.ts";

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
  // One store per host; the options object is a new literal on every render, so the store
  // takes the latest (an assignment, the same under a repeated render) instead of being made again.
  const flow = useMemo(
    () =>
      createWriteFlow<R, ToolInputOf<P>, Omit<ToolInputOf<C>, "confirmation">>({
        ...options,
        host,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [host],
  );
  flow.setOptions(options);
  // The snapshot is the flow: its state and its actions, one object until the next change.
  return useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);
}
