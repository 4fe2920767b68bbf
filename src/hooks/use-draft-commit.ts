/**
 * The commit of one draft in React: the write's one state (`WritePhase`) moved by its one
 * reducer (`reduceWrite`, src/write/write-machine.ts), and the effects run after reducing (as
 * TanStack Query's `Mutation#dispatch`). ConfirmDraft is its face. The exactly-once rules:
 *
 * - the key is made once per draft and stored in private widget state by draft id (the model
 *   must not read it) BEFORE the commit is sent, so a retry, a Regenerate or a remount sends
 *   the same key, whatever other draft was committed since; a host that loses it still gets
 *   it reused from the state while the dialog lives;
 * - a burst of commits sends one call: the state is reduced at once, not React state that
 *   lands later;
 * - a retry — after an error, or after the person signed in — reuses the key;
 * - a lost host call says nothing about the write: its outcome is `changes: "unknown"`.
 */
import { useRef, useState } from "react";
import { hostCallFailed } from "../bridge/host-call-error.ts";
import type { CommitOutcome } from "../write/commit-outcome.ts";
import {
  IDEMPOTENCY_STATE_KEY,
  isStoredIdempotencyKey,
  newIdempotencyKey,
} from "../write/idempotency-key.ts";
import { readStateKey, writeStateKey } from "../write/widget-state-key.ts";
import {
  commitPhase,
  reduceWrite,
  type CommitPhase,
  type WriteEvent,
  type WritePhase,
} from "../write/write-machine.ts";
import { useHost } from "./host-context.tsx";

/** A draft's commit state: the draft it is for, and the write's state for it. */
interface Held {
  readonly draftId: string;
  readonly state: WritePhase<never, never>;
}

const START: WritePhase<never, never> = { kind: "start" };

/**
 * The draft's commit: where it is, and `commit` (ignored while one is on its way or done, and
 * from `confirm` once the draft has `expired`).
 */
export function useDraftCommit(
  draftId: string,
  onCommit: (key: string) => Promise<CommitOutcome>,
  expired: boolean,
): { readonly phase: CommitPhase; commit(): Promise<void> } {
  const host = useHost();
  const [held, setHeld] = useState<Held>({ draftId, state: START });
  // The state as reduced, before React shows it: a burst of commits reads it at once.
  const latest = useRef(held);

  /** Reduces this draft's state, then shows it; true when it moved (another draft's: never). */
  const dispatch = (event: WriteEvent<never, never>) => {
    const now = latest.current;
    const state = now.draftId === draftId ? reduceWrite(now.state, event) : now.state;
    if (state === now.state) return false;
    setHeld((latest.current = { draftId, state }));
    return true;
  };

  async function commit() {
    // A new draft starts over at `confirm`, with its own key.
    if (latest.current.draftId !== draftId) latest.current = { draftId, state: START };
    // The key stored for this draft (untrusted: a tampered one is ignored), else the one held,
    // else a new one. Each draft's under its own field: another draft's commit (another
    // write's, in a widget of two) never replaces this one's key.
    const field = IDEMPOTENCY_STATE_KEY + draftId;
    const stored = readStateKey(host, field, true);
    const storedKey =
      isStoredIdempotencyKey(stored) && stored.draftId === draftId ? stored.key : null;
    const key = storedKey ?? latest.current.state.commit?.key ?? newIdempotencyKey();
    if (!dispatch({ type: "commit", key, expired })) return;
    // Stored before the call below.
    if (storedKey !== key) writeStateKey(host, field, { draftId, key }, true);
    let outcome: CommitOutcome;
    try {
      outcome = await onCommit(key); // this render's: the one the person pressed Confirm in
    } catch {
      // We can't tell whether it reached the server (phaseOf says so): the same key is safe.
      outcome = { ok: false, error: hostCallFailed() };
    }
    dispatch({ type: "sent", outcome });
  }

  return { phase: commitPhase(held.draftId === draftId ? held.state : START), commit };
}
