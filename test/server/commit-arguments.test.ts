/**
 * The declared commit arguments: `draft_id` and `idempotency_key` and nothing else, a bad key
 * repaired with a fresh UUID (never one example key for everyone), and `runCommit` keying the
 * write by caller and key — the same key replays, the same key with another draft is refused.
 */
import { describe, expect, it } from "vitest";
import { commitArguments, createSqliteStore, runCommit } from "../../src/server/index.ts";
import { validateArguments } from "../../src/server/validate-arguments/index.ts";

const spec = commitArguments({ draftExample: "d_example" });

describe("commitArguments", () => {
  it("takes a draft id and a key, nothing else", () => {
    const args = { draft_id: "d_1", idempotency_key: "key-0001" };
    expect(validateArguments(spec, args)).toEqual({ ok: true, value: args });
    const extra = validateArguments(spec, { ...args, amount: 1 });
    expect(extra.ok).toBe(false);
  });

  it("repairs a bad key with a fresh one each time, and keeps what was valid", () => {
    const bad = { draft_id: "d_1", idempotency_key: "short" };
    const first = spec.repair(bad);
    const second = spec.repair(bad);
    expect(first.draft_id).toBe("d_1");
    expect(first.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.idempotency_key).not.toBe(first.idempotency_key);
    expect(spec.repair({ draft_id: "", idempotency_key: "key-0001" })).toEqual({
      draft_id: "d_example",
      idempotency_key: "key-0001",
    });
    const failed = validateArguments(spec, bad);
    expect(failed.ok ? [] : failed.fieldErrors.map((e) => e.field)).toEqual(["idempotency_key"]);
  });
});

describe("runCommit", () => {
  it("runs once per caller and key; the key with another draft is refused", async () => {
    const store = createSqliteStore(":memory:");
    let effects = 0;
    const commit = (draft_id: string, caller = "user:alice") =>
      runCommit<string>({
        store,
        args: { draft_id, idempotency_key: "key-0001" },
        context: { caller },
        async execute({ effectKey }) {
          effects++;
          return { final: true, value: `done ${effectKey.length > 0}` };
        },
      });
    expect(await commit("d_1")).toMatchObject({ state: "fresh", value: "done true" });
    expect(await commit("d_1")).toMatchObject({ state: "replayed", value: "done true" });
    expect(await commit("d_2")).toEqual({ state: "key_reused" });
    expect(await commit("d_1", "user:bob")).toMatchObject({ state: "fresh" });
    expect(effects).toBe(2);
    await store.close();
  });
});
