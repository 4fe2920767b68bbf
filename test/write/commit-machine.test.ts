// @vitest-environment node
/** The commit machine with no DOM and no React: key lifecycle, phases, outcome. */
import { describe, expect, it, vi } from "vitest";
import { HOST_CALL_FAILED } from "../../src/contract/error-codes.ts";
import { createCommitMachine, type IdempotencyKeyStore } from "../../src/write/commit-machine.ts";
import type { CommitOutcome } from "../../src/write/commit-outcome.ts";
import type { StoredIdempotencyKey } from "../../src/write/idempotency-key.ts";

const DONE: CommitOutcome = { ok: true, reference: "m-1" };

/** Widget state as a host keeps it, with a log of what was written when. */
function memoryStore(initial: unknown = null) {
  let value: unknown = initial;
  const log: string[] = [];
  const store: IdempotencyKeyStore = {
    read: () => value,
    write: (entry: StoredIdempotencyKey) => {
      log.push(`write ${entry.key}`);
      value = entry;
    },
  };
  return { store, log, get: () => value };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

let counter = 0;
const newKey = () => `key-${String(++counter).padStart(16, "0")}`;

describe("createCommitMachine", () => {
  it("stores the draft's key before it sends the call", async () => {
    const { store, log } = memoryStore();
    const machine = createCommitMachine({
      draftId: "d-1",
      keys: store,
      newKey,
      send: async (key) => {
        log.push(`send ${key}`);
        return DONE;
      },
    });
    const phase = await machine.commit();
    expect(phase).toEqual({ kind: "committed", outcome: DONE });
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(/^write /);
    expect(log[1]).toBe(log[0]!.replace("write", "send"));
  });

  it("sends one call for a burst of commits, and none once committed", async () => {
    const { store } = memoryStore();
    const answer = deferred<CommitOutcome>();
    const send = vi.fn(() => answer.promise);
    const machine = createCommitMachine({ draftId: "d-1", keys: store, send, newKey });
    const phases: string[] = [];
    machine.subscribe(() => phases.push(machine.getPhase().kind));
    const burst = [machine.commit(), machine.commit(), machine.commit()];
    expect(machine.getPhase().kind).toBe("committing");
    answer.resolve(DONE);
    await Promise.all(burst);
    await machine.commit();
    expect(send).toHaveBeenCalledTimes(1);
    expect(phases).toEqual(["committing", "committed"]);
  });

  it("retries a failure with the same key, and a new machine for the same draft reuses it (remount)", async () => {
    const { store, get } = memoryStore();
    const keys: string[] = [];
    const outcomes: CommitOutcome[] = [
      { ok: false, error: { code: "UPSTREAM_UNAVAILABLE", message: "", retryable: true } },
      DONE,
    ];
    const send = async (key: string) => {
      keys.push(key);
      return outcomes.shift()!;
    };
    const first = createCommitMachine({ draftId: "d-1", keys: store, send, newKey });
    const failed = await first.commit();
    expect(failed).toMatchObject({ kind: "error", retrying: false, signIn: false });
    // The widget was remounted: a new machine over the same stored state.
    const second = createCommitMachine({ draftId: "d-1", keys: store, send, newKey });
    expect(await second.commit()).toEqual({ kind: "committed", outcome: DONE });
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(get()).toEqual({ draftId: "d-1", key: keys[0] });
  });

  it("makes a new key for another draft (an edited body is a new draft)", async () => {
    const { store } = memoryStore();
    const keys: string[] = [];
    const send = async (key: string) => (keys.push(key), DONE);
    await createCommitMachine({ draftId: "d-1", keys: store, send, newKey }).commit();
    await createCommitMachine({ draftId: "d-2", keys: store, send, newKey }).commit();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("ignores a tampered stored key and keeps its own while the store loses writes", async () => {
    const keys: string[] = [];
    const store: IdempotencyKeyStore = {
      read: () => ({ draftId: "d-1", key: "<script>" }),
      write: () => {}, // a host that cannot persist
    };
    const outcomes: CommitOutcome[] = [
      { ok: false, error: { code: HOST_CALL_FAILED, message: "", retryable: true } },
      DONE,
    ];
    const machine = createCommitMachine({
      draftId: "d-1",
      keys: store,
      newKey,
      send: async (key) => (keys.push(key), outcomes.shift()!),
    });
    await machine.commit();
    await machine.commit();
    expect(keys[0]).toMatch(/^key-/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("says a lost call may have gone through, and a sign-in failure asks to sign in", async () => {
    const { store } = memoryStore();
    const lost = createCommitMachine({
      draftId: "d-1",
      keys: store,
      newKey,
      send: () => Promise.reject(new Error("gone")),
    });
    expect(await lost.commit()).toMatchObject({
      kind: "error",
      error: { code: HOST_CALL_FAILED, changes: "unknown" },
    });
    const refused = createCommitMachine({
      draftId: "d-2",
      keys: store,
      newKey,
      send: async () => ({
        ok: false,
        error: { code: "AUTH_REQUIRED", message: "", retryable: false, changes: "none" },
      }),
    });
    expect(await refused.commit()).toMatchObject({ kind: "error", signIn: true });
  });

  it("does not commit an expired draft from confirm, but retries a failed one", async () => {
    const { store } = memoryStore();
    const send = vi.fn(async (): Promise<CommitOutcome> => DONE);
    const machine = createCommitMachine({ draftId: "d-1", keys: store, send, newKey });
    expect(await machine.commit({ expired: true })).toEqual({ kind: "confirm" });
    expect(send).not.toHaveBeenCalled();
  });

  it("marks a retry in flight, and stops telling listeners once disposed", async () => {
    const { store } = memoryStore();
    const answers = [deferred<CommitOutcome>(), deferred<CommitOutcome>()];
    let call = 0;
    const machine = createCommitMachine({
      draftId: "d-1",
      keys: store,
      newKey,
      send: () => answers[call++]!.promise,
    });
    const first = machine.commit();
    answers[0]!.resolve({ ok: false, error: { code: "X", message: "", retryable: true } });
    await first;
    const retry = machine.commit();
    expect(machine.getPhase()).toMatchObject({ kind: "error", retrying: true });
    const listener = vi.fn();
    machine.subscribe(listener);
    machine.dispose();
    answers[1]!.resolve(DONE);
    await retry;
    expect(listener).not.toHaveBeenCalled();
    expect(machine.getPhase().kind).toBe("committed");
  });
});
