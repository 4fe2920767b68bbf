import { NEXT_ACTIONS, ToolFailure, toToolError } from "../../src/server/index.ts";
import type { LogFields } from "../../src/server/runtime/log.ts";
import { runIdempotent } from "../../src/server/idempotency/index.ts";
import type { RecordStore } from "../../src/server/idempotency/store.ts";

/** A store whose database is down: every call rejects with a driver error. */
function downStore(): RecordStore {
  const down = () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:5432"));
  return {
    name: "down",
    init: down,
    claim: down,
    capture: down,
    complete: down,
    reopen: down,
    renew: down,
    peek: down,
    peekSubject: down,
    peekKey: down,
    claimInDoubt: down,
    purgeExpired: down,
    close: () => Promise.resolve(),
  };
}

describe("runIdempotent when the store is down", () => {
  it("never starts the side effect and says so: retryable, same key, changes unknown (the record it could not read may be in doubt)", async () => {
    let executed = false;
    const run = runIdempotent({
      store: downStore(),
      scope: "user:a",
      key: "key-00000001",
      args: { draft_id: "d-1" },
      execute: async () => {
        executed = true;
        return { final: true, value: "booked" };
      },
    });
    const thrown = await run.catch((error: unknown) => error);
    expect(executed).toBe(false);
    expect(thrown).toBeInstanceOf(ToolFailure);
    const lines: Array<{ event: string; fields?: LogFields }> = [];
    const keep = (event: string, fields?: LogFields) => void lines.push({ event, fields });
    const log = { info: keep, warn: keep, error: keep };
    // As an app that re-words it would: its own failure, the kit's as the cause.
    const reworded = new ToolFailure(
      { code: "BOOKINGS_DOWN", message: "down", retryable: true, changes: "none" },
      { cause: thrown },
    );
    toToolError(reworded, { requestId: "req-2", log, tool: "book" });
    const error = toToolError(thrown, { requestId: "req-1", log, tool: "book" });
    expect(error).toMatchObject({
      code: "DATABASE_UNAVAILABLE",
      retryable: true,
      retry_after_seconds: 5,
      next_action: NEXT_ACTIONS.retrySameKey,
      changes: "unknown",
    });
    // The driver's words stay in the log: the caller never reads an internal address.
    expect(JSON.stringify(error)).not.toContain("ECONNREFUSED");
    // …and the log has them, for the kit's failure and for one an app wrapped around it.
    for (const requestId of ["req-1", "req-2"])
      expect(
        lines.find((line) => line.fields?.request_id === requestId)?.fields?.error_message,
      ).toContain("ECONNREFUSED");
  });

  it("rethrows what the side effect throws, as it is", async () => {
    const store = downStore();
    store.claim = async () => ({
      state: "claimed",
      token: "t",
      effectKey: "0".repeat(32),
      attempt: 1,
      recovered: false,
      captured: undefined,
      inDoubt: false,
    });
    const refusal = new ToolFailure({
      code: "DRAFT_EXPIRED",
      message: "expired",
      retryable: false,
      changes: "none",
    });
    await expect(
      runIdempotent({
        store,
        scope: "user:a",
        key: "key-00000001",
        args: {},
        execute: () => Promise.reject(refusal),
      }),
    ).rejects.toBe(refusal);
  });
});
