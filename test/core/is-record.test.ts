/** The one plain-object check of src/ (every reader of untrusted JSON calls it). */
import { isRecord } from "../../src/core/is-record.ts";

describe("isRecord", () => {
  it("accepts objects, with or without a prototype", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
  });

  it("refuses null, arrays and primitives", () => {
    for (const value of [null, undefined, [], [1], "x", 1, true, () => ({})])
      expect(isRecord(value)).toBe(false);
  });
});
