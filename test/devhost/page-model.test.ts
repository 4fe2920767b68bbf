// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { canonicalJson } from "../../src/core/canonical-json.ts";
import { widgetTemplateUri } from "../../src/devhost/page/mcp-connection.ts";
import { normalizeSettings, type HostSettings } from "../../src/devhost/page/settings.ts";
import { asHostReturns } from "../../src/devhost/page/host-quirks.ts";
import {
  loadFrameStorage,
  saveFrameStorage,
  MAX_FRAME_STORAGE,
  widgetKey,
  widgetSessionId,
  callIdFrom,
  newCallId,
} from "../../src/devhost/page/widget-state-store.ts";

const BASE: HostSettings = {
  protocol: "openai",
  theme: "light",
  locale: "en",
  displayMode: "inline",
  maxHeight: 640,
  approval: "off",
  resultMeta: "keep",
  checkout: "off",
  formAnswer: "person",
};

describe("host settings from the URL or storage", () => {
  it("takes what is valid and keeps the rest", () => {
    expect(
      normalizeSettings(
        {
          protocol: "mcp-apps",
          theme: "dark",
          locale: "vi",
          displayMode: "pip",
          maxHeight: "480",
          approval: "ask",
          resultMeta: "drop",
          checkout: "sheet",
          formAnswer: "retry-twice",
        },
        BASE,
      ),
    ).toEqual({
      protocol: "mcp-apps",
      theme: "dark",
      locale: "vi",
      displayMode: "pip",
      maxHeight: 480,
      approval: "ask",
      resultMeta: "drop",
      checkout: "sheet",
      formAnswer: "retry-twice",
    });
    expect(
      normalizeSettings(
        {
          protocol: "evil",
          theme: "purple",
          locale: "<script>",
          displayMode: 3,
          maxHeight: "NaN",
          approval: "always",
          resultMeta: "sometimes",
          formAnswer: "always-yes",
        },
        BASE,
      ),
    ).toEqual(BASE);
    expect(normalizeSettings({ maxHeight: 1e9 }, BASE).maxHeight).toBe(2000);
    expect(normalizeSettings({ maxHeight: -1 }, BASE).maxHeight).toBe(120);
  });
});

describe("a known host's quirk, played", () => {
  const result = { content: [], structuredContent: { ok: true }, _meta: { proof: "p" } };
  it("drops a widget call's _meta as MCPJam's inspector does, never the model's", () => {
    expect(asHostReturns(result, "widget", "drop")).toEqual({
      content: [],
      structuredContent: { ok: true },
    });
    expect(asHostReturns(result, "page", "drop")).toBe(result);
    expect(asHostReturns(result, "widget", "keep")).toBe(result);
  });
});

describe("widget keys", () => {
  it("are equal for equal arguments in any key order", () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
    expect(widgetKey("c1", "t", { a: 1, b: 2 })).toBe(widgetKey("c1", "t", { b: 2, a: 1 }));
    expect(widgetKey("c1", "t", { a: 1 })).not.toBe(widgetKey("c1", "u", { a: 1 }));
  });

  it("differ per call: the same tool and arguments called again is a new widget", () => {
    const first = newCallId();
    const again = newCallId();
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    expect(again).not.toBe(first);
    expect(widgetKey(first, "t", { a: 1 })).not.toBe(widgetKey(again, "t", { a: 1 }));
    // A link's call id is kept (a reload is the same message); anything else is not an id.
    expect(callIdFrom(first)).toBe(first);
    for (const bad of [null, "", "a b", "<x>", "x".repeat(41)])
      expect(callIdFrom(bad)).toBeUndefined();
  });

  it("give a short session id that does not carry the arguments", () => {
    const id = widgetSessionId(widgetKey("c1", "suggest_gifts", { secret: "hunter2" }));
    expect(id).toMatch(/^devhost-[0-9a-z]+$/);
    expect(id).not.toContain("hunter2");
    expect(widgetSessionId("a")).not.toBe(widgetSessionId("b"));
  });
});

describe("frame storage", () => {
  it("keeps string items per widget and refuses anything else", () => {
    expect(saveFrameStorage("k", { a: "1" })).toBe(true);
    expect(loadFrameStorage("k")).toEqual({ a: "1" });
    expect(saveFrameStorage("k", { a: 1 })).toBe(false);
    expect(saveFrameStorage("k", "nope")).toBe(false);
    expect(saveFrameStorage("k", { a: "x".repeat(MAX_FRAME_STORAGE) })).toBe(false);
    expect(loadFrameStorage("k")).toEqual({ a: "1" });
    localStorage.setItem("devhost:frame-storage:bad", "{not json");
    expect(loadFrameStorage("bad")).toEqual({});
  });
});

describe("widget template of a tool", () => {
  const tool = {
    name: "t",
    inputSchema: { type: "object" as const },
    _meta: {
      "openai/outputTemplate": "ui://w/a.html",
      ui: { resourceUri: "ui://w/a.mcp-app.html" },
    },
  };

  it("is each protocol's own key first", () => {
    expect(widgetTemplateUri(tool, "openai")).toBe("ui://w/a.html");
    expect(widgetTemplateUri(tool, "mcp-apps")).toBe("ui://w/a.mcp-app.html");
  });

  it("falls back to the other key, and ignores anything not ui://", () => {
    expect(
      widgetTemplateUri(
        { ...tool, _meta: { "openai/outputTemplate": "ui://w/a.html" } },
        "mcp-apps",
      ),
    ).toBe("ui://w/a.html");
    expect(
      widgetTemplateUri(
        { ...tool, _meta: { "openai/outputTemplate": "https://evil.example/w.html" } },
        "openai",
      ),
    ).toBeUndefined();
    expect(widgetTemplateUri(undefined, "openai")).toBeUndefined();
  });
});
