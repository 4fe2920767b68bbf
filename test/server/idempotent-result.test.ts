import { ERROR_CODES } from "../../src/contract/index.ts";
import { idempotentResult, NEXT_ACTIONS } from "../../src/server/index.ts";

describe("idempotentResult", () => {
  const fromValue = (value: string, replayed: boolean) => ({
    ok: true as const,
    data: { value, replayed },
    text: value,
  });

  it("answers a reused key with IDEMPOTENCY_KEY_REUSED: final, nothing changed", () => {
    expect(idempotentResult<string>({ state: "key_reused" }, fromValue)).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.idempotency.keyReused,
        retryable: false,
        changes: "none",
        next_action: NEXT_ACTIONS.newKeyOrSameArgs,
      },
    });
  });

  it("answers a running request with IN_PROGRESS and its wait", () => {
    expect(
      idempotentResult<string>({ state: "in_progress", retryAfterSeconds: 2 }, fromValue),
    ).toMatchObject({
      ok: false,
      error: {
        code: ERROR_CODES.idempotency.inProgress,
        retryable: true,
        retry_after_seconds: 2,
        changes: "unknown",
        next_action: NEXT_ACTIONS.retrySameKey,
      },
    });
  });

  it("hands a fresh and a replayed value to the tool, saying which", () => {
    expect(
      idempotentResult(
        {
          state: "fresh",
          value: "a",
          effectKey: "0".repeat(32),
          recovered: false,
          stored: true,
          inDoubt: false,
        },
        fromValue,
      ),
    ).toMatchObject({ data: { value: "a", replayed: false } });
    expect(
      idempotentResult({ state: "replayed", value: "b", inDoubt: false }, fromValue),
    ).toMatchObject({
      data: { value: "b", replayed: true },
    });
  });
});
