/**
 * The commit of one draft, with no framework: its idempotency key, its phases and its outcome,
 * as a store over the write's one reducer (`reduceWrite`, ./write-machine.ts): it holds the
 * state, dispatches, and runs the effects (store the key, send) after reducing.
 * `useWriteFlow` and `ConfirmDraft` are thin layers over it (as TanStack's `MutationObserver`
 * sits under `useMutation`), so the exactly-once rules live — and are tested — in one place:
 *
 * - the key is made once per draft, and written to the key store (widget state) BEFORE the
 *   commit is sent, so a retry, a Regenerate or a remount sends the same key;
 * - a burst of commits sends one call (the phase, reduced at once, not state that lands later);
 * - a retry — after an error, or after the person signed in — reuses the key;
 * - a lost host call says nothing about the write: its outcome is `changes: "unknown"`.
 */
import { hostCallFailed } from "../bridge/host-call-error.ts";
import type { CommitOutcome } from "./commit-outcome.ts";
import {
  isStoredIdempotencyKey,
  newIdempotencyKey,
  type StoredIdempotencyKey,
} from "./idempotency-key.ts";
import {
  commitPhase,
  reduceWrite,
  type CommitPhase,
  type WriteEvent,
  type WritePhase,
} from "./write-machine.ts";

export { phaseOf, type CommitPhase } from "./write-machine.ts";

/** Where the key of the draft being confirmed is kept (widget state, in the widget). */
export interface IdempotencyKeyStore {
  /** The stored entry, untrusted: anything malformed is ignored. Must not throw. */
  read(): unknown;
  /** Persists the entry; must not throw (a host that cannot persist loses it, not the call). */
  write(entry: StoredIdempotencyKey): void;
}

/** Options of `createCommitMachine`. */
export interface CommitMachineOptions {
  /** The draft's id: one key per id. */
  readonly draftId: string;
  readonly keys: IdempotencyKeyStore;
  /** Sends the commit with `key`; may reject (read as a lost call). */
  readonly send: (key: string) => Promise<CommitOutcome>;
  /** Makes a fresh key (default `newIdempotencyKey`). */
  readonly newKey?: () => string;
}

/** A draft's commit, observable. */
export interface CommitMachine {
  getPhase(): CommitPhase;
  /** Calls `listener` after every phase change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /**
   * Commits (or retries) with the draft's key. Ignored while a call is on its way, once
   * committed, and — from `confirm` — when `expired`. Resolves to the phase it ended in.
   */
  commit(options?: { readonly expired?: boolean }): Promise<CommitPhase>;
  /** The key the next commit sends, stored first if it was not (tests, diagnostics). */
  key(): string;
  /** Stops telling listeners (the view went away); a call on its way still ends. */
  dispose(): void;
}

/** The commit machine of one draft. */
export function createCommitMachine(options: CommitMachineOptions): CommitMachine {
  const { draftId, keys, send, newKey = newIdempotencyKey } = options;
  let state: WritePhase<never, never> = { kind: "start" };
  const listeners = new Set<() => void>();
  const getPhase = () => commitPhase(state);

  /** Reduces, then tells every listener when the phase changed (a key held is no change). */
  const dispatch = (event: WriteEvent<never, never>) => {
    const before = getPhase();
    state = reduceWrite(state, event);
    const changed = getPhase() !== before;
    if (changed) for (const listener of [...listeners]) listener();
    return changed;
  };

  function key(): string {
    const stored = keys.read();
    const storedKey =
      isStoredIdempotencyKey(stored) && stored.draftId === draftId ? stored.key : null;
    const held = state.commit?.key;
    const next = storedKey ?? held?.key ?? newKey();
    if (held?.key !== next) dispatch({ type: "key", key: { draftId, key: next } });
    // Effect: a store that loses it (no widget state) still gets it reused while this lives.
    if (storedKey !== next) keys.write({ draftId, key: next });
    return next;
  }

  async function commit(commitOptions: { readonly expired?: boolean } = {}): Promise<CommitPhase> {
    if (!dispatch({ type: "commit", expired: commitOptions.expired })) return getPhase();
    const idempotencyKey = key(); // stored before the call below
    let outcome: CommitOutcome;
    try {
      outcome = await send(idempotencyKey);
    } catch {
      // We can't tell whether it reached the server: retrying with the same key is safe.
      outcome = { ok: false, error: { ...hostCallFailed(), changes: "unknown" } };
    }
    dispatch({ type: "sent", outcome });
    return getPhase();
  }

  return {
    getPhase,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    commit,
    key,
    dispose: () => listeners.clear(),
  };
}
