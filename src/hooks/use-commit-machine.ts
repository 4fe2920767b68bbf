/**
 * The commit machine of one draft, in React: its key in widget state, its phase read with
 * `useSyncExternalStore`. The rules are the machine's (src/write/commit-machine.ts); ConfirmDraft
 * is its face.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { isRecord } from "../contract/is-record.ts";
import { createCommitMachine, type CommitMachine } from "../write/commit-machine.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import {
  IDEMPOTENCY_STATE_KEY,
  isStoredIdempotencyKey,
  type StoredIdempotencyKey,
} from "../write/idempotency-key.ts";
import { useHost } from "./host-context.tsx";
import { useWidgetState } from "./use-widget-state.ts";

/** The draft's commit machine: its key in widget state, its phase as React state. */
export function useCommitMachine(
  draftId: string,
  onCommit: (key: string) => Promise<CommitOutcome>,
): CommitMachine {
  const host = useHost();
  const [, setStored] = useWidgetState<StoredIdempotencyKey | null>(null, {
    key: IDEMPOTENCY_STATE_KEY,
    isValid: isStoredIdempotencyKey,
  });
  const send = useRef(onCommit);
  useEffect(() => {
    send.current = onCommit;
  });
  const make = (id: string) =>
    createCommitMachine({
      draftId: id,
      keys: {
        // The host's latest state, not this render's: a key stored a moment ago is reused.
        read: () => {
          const state: unknown = host.get("widgetState");
          return isRecord(state) ? state[IDEMPOTENCY_STATE_KEY] : null;
        },
        write: setStored,
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
