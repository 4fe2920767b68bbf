// @vitest-environment jsdom
/**
 * A draft's commit under React, without the dialog: the key's life (stored before the call,
 * reused on retry and remount, new for a new draft), one call per burst, and the phases.
 */
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Host } from "../../src/bridge/types.ts";
import { PRIVATE_STATE_KEY } from "../../src/bridge/private-state.ts";
import { HOST_CALL_FAILED } from "../../src/contract/error-codes.ts";
import { HostProvider } from "../../src/hooks/host-context.tsx";
import { useDraftCommit } from "../../src/hooks/use-draft-commit.ts";
import { createMockHost } from "../../src/testing/index.ts";
import type { CommitOutcome } from "../../src/write/commit-outcome.ts";
import { IDEMPOTENCY_STATE_KEY } from "../../src/write/idempotency-key.ts";

const DONE: CommitOutcome = { ok: true, reference: "m-1" };
const RETRYABLE: CommitOutcome = {
  ok: false,
  error: { code: "UPSTREAM_UNAVAILABLE", message: "", retryable: true },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The hook for `draftId` under `host`, with `send` as its commit. */
function renderCommit(
  host: Host,
  send: (key: string) => Promise<CommitOutcome>,
  draftId = "d-1",
  expired = false,
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <HostProvider host={host}>{children}</HostProvider>
  );
  return renderHook(({ id }) => useDraftCommit(id, send, expired), {
    wrapper,
    initialProps: { id: draftId },
  });
}

/** The key stored in the host's private widget state. */
const storedKey = (host: Host, draftId = "d-1") =>
  (host.get("widgetState") as { [PRIVATE_STATE_KEY]: { [field: string]: unknown } })[
    PRIVATE_STATE_KEY
  ][IDEMPOTENCY_STATE_KEY + draftId];

describe("useDraftCommit", () => {
  it("stores the draft's key privately before it sends the call", async () => {
    const host = createMockHost();
    const seen: unknown[] = [];
    const { result } = renderCommit(host, async (key) => {
      seen.push(storedKey(host), key);
      return DONE;
    });
    await act(() => result.current.commit());
    expect(result.current.phase).toEqual({ kind: "committed", outcome: DONE });
    expect(seen[0]).toEqual({ draftId: "d-1", key: seen[1] });
  });

  it("sends one call for a burst of commits, and none once committed", async () => {
    const answer = deferred<CommitOutcome>();
    const send = vi.fn(() => answer.promise);
    const { result } = renderCommit(createMockHost(), send);
    let burst!: Promise<unknown>;
    act(() => {
      const { commit } = result.current;
      burst = Promise.all([commit(), commit(), commit()]);
    });
    expect(result.current.phase.kind).toBe("committing");
    await act(async () => {
      answer.resolve(DONE);
      await burst;
    });
    await act(() => result.current.commit());
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.phase.kind).toBe("committed");
  });

  it("retries with the same key, marks the retry in flight, and a remount reuses the key", async () => {
    const host = createMockHost();
    const keys: string[] = [];
    const answers = [RETRYABLE, deferred<CommitOutcome>(), DONE];
    const send = async (key: string) => {
      const answer = answers[keys.push(key) - 1]!;
      return "promise" in answer ? answer.promise : answer;
    };
    const first = renderCommit(host, send);
    await act(() => first.result.current.commit());
    expect(first.result.current.phase).toMatchObject({ kind: "error", retrying: false });
    let retry!: Promise<void>;
    act(() => void (retry = first.result.current.commit()));
    expect(first.result.current.phase).toMatchObject({ kind: "error", retrying: true });
    await act(async () => {
      (answers[1] as ReturnType<typeof deferred<CommitOutcome>>).resolve(RETRYABLE);
      await retry;
    });
    first.unmount();
    // The widget was remounted: a new hook over the same stored state.
    const second = renderCommit(host, send);
    await act(() => second.result.current.commit());
    expect(second.result.current.phase.kind).toBe("committed");
    expect(new Set(keys)).toEqual(new Set([keys[0]]));
    expect(keys).toHaveLength(3);
  });

  it("makes a new key for another draft (an edited body is a new draft)", async () => {
    const keys: string[] = [];
    const { result, rerender } = renderCommit(
      createMockHost(),
      async (key) => (keys.push(key), DONE),
    );
    await act(() => result.current.commit());
    rerender({ id: "d-2" });
    expect(result.current.phase.kind).toBe("confirm");
    await act(() => result.current.commit());
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("keeps each draft's key: another draft committed in between (another write's) leaves it", async () => {
    const host = createMockHost();
    const keys: string[] = [];
    const answers = [RETRYABLE, DONE, DONE];
    const send = async (key: string) => answers[keys.push(key) - 1]!;
    const first = renderCommit(host, send);
    await act(() => first.result.current.commit());
    first.unmount();
    const other = renderCommit(host, send, "d-2");
    await act(() => other.result.current.commit());
    other.unmount();
    const again = renderCommit(host, send);
    await act(() => again.result.current.commit());
    expect(keys[2]).toBe(keys[0]);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("ignores a stored entry of another draft, or of no shape, without throwing", async () => {
    for (const stored of ["<script>", { draftId: "d-2", key: "0123456789abcdef" }]) {
      const host = createMockHost({
        globals: {
          widgetState: { [PRIVATE_STATE_KEY]: { [IDEMPOTENCY_STATE_KEY + "d-1"]: stored } },
        },
      });
      const keys: string[] = [];
      const { result } = renderCommit(host, async (key) => (keys.push(key), DONE));
      await act(() => result.current.commit());
      expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it("ignores a tampered stored key and keeps its own while the host loses writes", async () => {
    const mock = createMockHost({
      globals: {
        widgetState: {
          [PRIVATE_STATE_KEY]: {
            [IDEMPOTENCY_STATE_KEY + "d-1"]: { draftId: "d-1", key: "<script>" },
          },
        },
      },
    });
    const lossy: Host = { ...mock, setWidgetState: () => Promise.resolve() };
    const keys: string[] = [];
    const outcomes: CommitOutcome[] = [
      { ok: false, error: { code: HOST_CALL_FAILED, message: "", retryable: true } },
      DONE,
    ];
    const { result } = renderCommit(lossy, async (key) => (keys.push(key), outcomes.shift()!));
    await act(() => result.current.commit());
    await act(() => result.current.commit());
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("says a lost call may have gone through, and a sign-in failure asks to sign in", async () => {
    const lost = renderCommit(createMockHost(), () => Promise.reject(new Error("gone")));
    await act(() => lost.result.current.commit());
    expect(lost.result.current.phase).toMatchObject({
      kind: "error",
      error: { code: HOST_CALL_FAILED, changes: "unknown" },
    });
    const refused = renderCommit(createMockHost(), async () => ({
      ok: false,
      error: { code: "AUTH_REQUIRED", message: "", retryable: false, changes: "none" },
    }));
    await act(() => refused.result.current.commit());
    expect(refused.result.current.phase).toMatchObject({ kind: "error", signIn: true });
  });

  it("does not commit an expired draft from confirm", async () => {
    const send = vi.fn(async (): Promise<CommitOutcome> => DONE);
    const { result } = renderCommit(createMockHost(), send, "d-1", true);
    await act(() => result.current.commit());
    expect(result.current.phase).toEqual({ kind: "confirm" });
    expect(send).not.toHaveBeenCalled();
  });
});
