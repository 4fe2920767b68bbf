import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/canonical-json.ts";

describe("canonicalJson", () => {
  it("gives deep-equal values the same text whatever their key order", () => {
    const a = canonicalJson({ b: 1, a: [{ d: 2, c: { z: null, y: "é" } }] });
    const b = canonicalJson({ a: [{ c: { y: "é", z: null }, d: 2 }], b: 1 });
    expect(a).toBe(b);
    expect(a).toBe('{"a":[{"c":{"y":"é","z":null},"d":2}],"b":1}');
  });

  it("sorts by UTF-16 code unit, keeps array order, and reads like JSON.stringify", () => {
    // Integer-like keys come first in numeric order, as every JS object holds them.
    expect(canonicalJson({ b: 1, B: 2, "10": 3, "9": 4 })).toBe('{"9":4,"10":3,"B":2,"b":1}');
    expect(canonicalJson({ "9": 4, b: 1, "10": 3, B: 2 })).toBe('{"9":4,"10":3,"B":2,"b":1}');
    expect(canonicalJson([3, 1, 2])).toBe("[3,1,2]");
    expect(canonicalJson({ at: new Date(0), gone: undefined })).toBe(
      '{"at":"1970-01-01T00:00:00.000Z"}',
    );
    expect(canonicalJson(undefined)).toBeUndefined();
  });

  it("throws on what JSON cannot hold, so callers choose what that means", () => {
    const cycle: { self?: unknown } = {};
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow(RangeError);
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});
