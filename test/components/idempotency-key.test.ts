import { afterEach, describe, expect, it, vi } from "vitest";
import { isStoredIdempotencyKey, newIdempotencyKey } from "../../src/write/idempotency-key.ts";

describe("idempotency keys", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is 128 bits of crypto.getRandomValues as hex, randomUUID or not", () => {
    const randomUUID = vi.fn(() => "00000000-0000-4000-8000-000000000001");
    vi.stubGlobal("crypto", { randomUUID, getRandomValues: (bytes: Uint8Array) => bytes.fill(1) });
    expect(newIdempotencyKey()).toBe("01".repeat(16));
    expect(randomUUID).not.toHaveBeenCalled();
  });

  it("falls back to time and Math.random without crypto, each a valid stored key", () => {
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => bytes.fill(255) });
    const fromBytes = newIdempotencyKey();
    expect(fromBytes).toBe("ff".repeat(16));
    vi.stubGlobal("crypto", undefined);
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    for (const key of [fromBytes, a, b])
      expect(isStoredIdempotencyKey({ draftId: "d", key })).toBe(true);
  });

  it("accepts only a well-formed stored entry", () => {
    expect(isStoredIdempotencyKey({ draftId: "d-1", key: "0123456789abcdef" })).toBe(true);
    for (const bad of [
      null,
      "x",
      5,
      [],
      { draftId: "d-1" },
      { draftId: 1, key: "0123456789abcdef" },
      { draftId: "d", key: "short" },
      { draftId: "d", key: "<script>alert(1)</script>xx" },
    ]) {
      expect(isStoredIdempotencyKey(bad)).toBe(false);
    }
    const hostile = Object.defineProperty({}, "draftId", {
      get() {
        throw new Error("boom");
      },
    });
    expect(isStoredIdempotencyKey(hostile)).toBe(false);
  });
});
