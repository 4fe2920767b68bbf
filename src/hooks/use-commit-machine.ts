/**
 * The commit machine of one draft, in React: its key in private widget state, its phase read with
 * `useSyncExternalStore`. The rules are the machine's (src/write/commit-machine.ts); ConfirmDraft
 * is its face.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { createCommitMachine, type CommitMachine } from "../write/commit-machine.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import { IDEMPOTENCY_STATE_KEY } from "../write/idempotency-key.ts";
import { readStateKey, writeStateKey } from "../write/widget-state-key.ts";
import { useHost } from "./host-context.tsx";

/** The draft's commit machine: its key in widget state, its phase as React state. */
export function useCommitMachine(
  draftId: string,
  onCommit: (key: string) => Promise<CommitOutcome>,
): CommitMachine {
  const host = useHost();
  const send = useRef(onCommit);
  useEffect(() => {
    send.current = onCommit;
  });
  const make = (id: string) =>
    createCommitMachine({
      draftId: id,
      keys: {
        // The host's latest state, not a render's: a key stored a moment ago is reused. It
        // is private: the model must not read it.
        read: () => readStateKey(host, IDEMPOTENCY_STATE_KEY, true),
        write: (entry) => writeStateKey(host, IDEMPOTENCY_STATE_KEY, entry, true),
      },
      send: (key) => send.current(key),
    });
  const [entry, setEntry] = useState(() => ({ draftId, machine: make(draftId) }));
  let machine = entry.machine;
  if (entry.draftId !== draftId) {
    // A new draft starts over at `confirm`, with its own key.
    machine = make(draftId);
    setEntry({ draftId, machine });
  }
  useSyncExternalStore(machine.subscribe, machine.getPhase, machine.getPhase);
  return machine;
}
