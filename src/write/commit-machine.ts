/**
 * The commit of one draft, with no framework: its idempotency key, its phases and its outcome.
 * `useWriteFlow` and `ConfirmDraft` are thin layers over it (as TanStack's `MutationObserver`
 * sits under `useMutation`), so the exactly-once rules live — and are tested — in one place:
 *
 * - the key is made once per draft, and written to the key store (widget state) BEFORE the
 *   commit is sent, so a retry, a Regenerate or a remount sends the same key;
 * - a burst of commits sends one call (a flag, not state that lands later);
 * - a retry — after an error, or after the person signed in — reuses the key;
 * - a lost host call says nothing about the write: its outcome is `changes: "unknown"`.
 */
import { hostCallFailed } from "../bridge/host-call-error.ts";
import { HOST_CALL_FAILED } from "../contract/error-codes.ts";
import type { ToolError } from "../contract/schemas.ts";
import type { CommitOutcome, CommitSuccess } from "./commit-outcome.ts";
import {
  isStoredIdempotencyKey,
  newIdempotencyKey,
  type StoredIdempotencyKey,
} from "./idempotency-key.ts";
import { needsSignIn } from "../contract/sign-in.ts";

/** Where a commit is. `error` with `signIn` asks the person to sign in, then retries. */
export type CommitPhase =
  | { readonly kind: "confirm" }
  | { readonly kind: "committing" }
  | { readonly kind: "committed"; readonly outcome: CommitSuccess }
  | {
      readonly kind: "error";
      readonly error: ToolError;
      /** A retry of the same key is on its way. */
      readonly retrying: boolean;
      /** The call needs a signed-in person: the retry is "sign in". */
      readonly signIn: boolean;
    };

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

/** A commit's outcome as a phase: failures say whether the write may have happened. */
export function phaseOf(outcome: CommitOutcome): CommitPhase {
  if (outcome.ok) return { kind: "committed", outcome };
  // A lost host call says nothing about the write: it may have happened.
  const error =
    outcome.error.code === HOST_CALL_FAILED && !outcome.error.changes
      ? { ...outcome.error, changes: "unknown" as const }
      : outcome.error;
  return { kind: "error", error, retrying: false, signIn: needsSignIn(error) };
}

/** The commit machine of one draft. */
export function createCommitMachine(options: CommitMachineOptions): CommitMachine {
  const { draftId, keys, send, newKey = newIdempotencyKey } = options;
  let phase: CommitPhase = { kind: "confirm" };
  let inFlight = false;
  let made: string | null = null; // a host without widget state still reuses the key
  const listeners = new Set<() => void>();

  const set = (next: CommitPhase) => {
    phase = next;
    for (const listener of [...listeners]) listener();
  };

  function key(): string {
    const stored = keys.read();
    const storedKey =
      isStoredIdempotencyKey(stored) && stored.draftId === draftId ? stored.key : null;
    const next = storedKey ?? made ?? newKey();
    made = next;
    // A store that loses it (no widget state) still gets it reused while this machine lives.
    if (storedKey !== next) keys.write({ draftId, key: next });
    return next;
  }

  async function commit(commitOptions: { readonly expired?: boolean } = {}): Promise<CommitPhase> {
    if (inFlight || phase.kind === "committed") return phase;
    if (commitOptions.expired && phase.kind === "confirm") return phase;
    inFlight = true;
    set(phase.kind === "error" ? { ...phase, retrying: true } : { kind: "committing" });
    const idempotencyKey = key(); // stored before the call below
    let outcome: CommitOutcome;
    try {
      outcome = await send(idempotencyKey);
    } catch {
      // We can't tell whether it reached the server: retrying with the same key is safe.
      outcome = { ok: false, error: { ...hostCallFailed(), changes: "unknown" } };
    }
    const next = phaseOf(outcome);
    inFlight = false; // committed stays committed: the phase check above stops a second call
    set(next);
    return next;
  }

  return {
    getPhase: () => phase,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    commit,
    key,
    dispose: () => listeners.clear(),
  };
}
