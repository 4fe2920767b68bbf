import { describe, expect, it } from "vitest";
import * as codes from "../../src/contract/error-codes.ts";
import { ERROR_CODES } from "../../src/contract/index.ts";

describe("ERROR_CODES", () => {
  it("holds every ToolError code the kit defines, each under its own name", () => {
    const single = Object.entries(codes).filter(
      ([name, value]) =>
        typeof value === "string" && !["UNKNOWN_FIELDS", "MORE_ERRORS"].includes(name),
    );
    expect(single.length).toBeGreaterThan(20);
    for (const [name, value] of single) {
      expect(ERROR_CODES[name as keyof typeof ERROR_CODES], name).toBe(value);
    }
    const topLevel = Object.values(ERROR_CODES).filter((value) => typeof value === "string");
    expect(topLevel.sort()).toEqual(single.map(([, value]) => value).sort());
  });

  it("holds the field and idempotency codes as their own objects", () => {
    expect(ERROR_CODES.field).toBe(codes.FIELD_CODES);
    expect(ERROR_CODES.idempotency).toBe(codes.IDEMPOTENCY_CODES);
    expect(Object.values(ERROR_CODES.field)).toContain(codes.UNKNOWN_FIELDS);
  });
});
