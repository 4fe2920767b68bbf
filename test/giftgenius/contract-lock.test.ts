/**
 * GiftGenius integration: the committed `contract.lock.json` is GiftGenius' released contract,
 * and the current GiftGenius contract must still pass the build's check against it. The kit's
 * own checkContract/diff tests are in `test/build/contract-check.test.ts`.
 */
import { describe, expect, it } from "vitest";
import { giftGenius } from "../../examples/giftgenius/contract.ts";
import { checkContract } from "../../src/build/contract-check.ts";
import { readContractLock } from "../../src/build/contract-lock.ts";
import { contractJsonSchema } from "../../src/contract/json-schema.ts";

describe("GiftGenius contract lock", () => {
  it("the committed lock matches the current GiftGenius contract", () => {
    const lock = readContractLock(
      new URL("../../examples/giftgenius/contract.lock.json", import.meta.url).pathname,
    );
    expect(lock).toBeDefined();
    expect(checkContract(lock!, contractJsonSchema(giftGenius)).errors).toEqual([]);
  });
});
