import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  deepEqual,
  DEFAULT_GLOBALS,
  GLOBAL_KEYS,
  normalizeGlobal,
} from "../../src/bridge/globals.ts";
import { createGlobalStore } from "../../src/bridge/store.ts";
import { normalizeCallToolResult } from "../../src/bridge/call-result.ts";

describe("normalizeGlobal", () => {
  it.each([
    ["theme", "purple", "light"],
    ["theme", "dark", "dark"],
    ["locale", 42, "en"],
    ["locale", "not a locale!!", "en"],
    ["locale", "pt-br", "pt-BR"],
    ["locale", "zh_CN", "zh-CN"],
    ["maxHeight", "-1", undefined],
    ["maxHeight", -1, undefined],
    ["maxHeight", Number.POSITIVE_INFINITY, undefined],
    ["maxHeight", 480, 480],
    ["displayMode", "modal", "inline"],
    ["displayMode", "pip", "pip"],
    ["view", { mode: "modal", params: 5 }, { mode: "modal" }],
    ["toolInput", [1, 2], null],
    ["toolInput", null, null],
    ["toolOutput", undefined, null],
    ["widgetState", undefined, null],
    ["toolResponseMetadata", { _meta: "x" }, null],
    ["toolResponseMetadata", { meta: { a: 1 } }, { a: 1 }],
    ["toolResponseMetadata", { a: 1, meta: 2 }, { a: 1, meta: 2 }],
    [
      "toolResponseMetadata",
      { mcp_tool_result: { _meta: { s: 1 } }, structuredContent: {} },
      { s: 1 },
    ],
    ["toolResponseMetadata", { call_tool_result: { _meta: { s: 2 } } }, { s: 2 }],
    ["toolResponseMetadata", { _meta: { s: 3 }, content: [] }, { s: 3 }],
    [
      "styleVariables",
      { "--ok": "#fff", "--bad": "red; background: url(x)", color: "red", "--n": 5 },
      { "--ok": "#fff" },
    ],
    ["toolCancelled", "yes", false],
  ] as const)("%s: %j → %j", (key, raw, expected) => {
    expect(normalizeGlobal(key, raw)).toEqual(expected);
  });

  it("never throws and always yields the right type, whatever a host sends", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...GLOBAL_KEYS),
        fc.anything({ withObjectString: true, withNullPrototype: true }),
        (key, raw) => {
          const value = normalizeGlobal(key, raw);
          const fallback = DEFAULT_GLOBALS[key];
          if (fallback === null || key === "toolOutput" || key === "widgetState") return true;
          if (fallback === undefined) return value === undefined || typeof value === "number";
          return typeof value === typeof fallback;
        },
      ),
    );
  });

  it("treats a throwing getter as the default", () => {
    const hostile = Object.defineProperty({}, "insets", {
      get: () => {
        throw new Error("x");
      },
      enumerable: true,
    });
    expect(normalizeGlobal("safeArea", hostile)).toBe(DEFAULT_GLOBALS.safeArea);
  });
});

describe("deepEqual", () => {
  it("compares structure and terminates on cycles", () => {
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: [1] }, { a: { 0: 1 } })).toBe(false);
    const a: Record<string, unknown> = {};
    a.self = a;
    const b: Record<string, unknown> = {};
    b.self = b;
    expect(deepEqual(a, b)).toBe(false);
  });
});

describe("global store", () => {
  it("notifies only changed keys, after all values are in place", () => {
    const store = createGlobalStore({ theme: "dark" });
    const seen: string[] = [];
    store.subscribe("theme", () => seen.push(`theme:${store.get("theme")}:${store.get("locale")}`));
    store.subscribe("locale", () => seen.push("locale"));
    expect(store.set({ theme: "light", locale: "de", nonsense: 1 })).toEqual(["theme", "locale"]);
    expect(seen).toEqual(["theme:light:de", "locale"]);
    expect(store.set({ theme: "purple" })).toEqual([]); // purple → light: no change
  });
});

describe("normalizeCallToolResult", () => {
  it("reads garbage as an empty result", () => {
    for (const raw of [null, 42, "x", [], { result: 5 }]) {
      expect(normalizeCallToolResult(raw)).toEqual({
        structuredContent: null,
        content: [],
        isError: false,
        meta: {},
      });
    }
    expect(normalizeCallToolResult({ isError: "yes", _meta: [1] })).toEqual({
      structuredContent: null,
      content: [],
      isError: false,
      meta: {},
    });
  });
});
