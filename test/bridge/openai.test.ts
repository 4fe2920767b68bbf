// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createOpenAIHost, SET_GLOBALS_EVENT } from "../../src/bridge/openai.ts";
import { createMockHost } from "../../src/testing/index.ts";

type Win = Window & { openai?: unknown };

function install(openai: unknown): void {
  (window as Win).openai = openai;
}

function dispatch(detail: unknown): void {
  window.dispatchEvent(new CustomEvent(SET_GLOBALS_EVENT, { detail }));
}

afterEach(() => {
  delete (window as Win).openai;
});

describe("openai adapter", () => {
  it("is absent without window.openai", () => {
    expect(createOpenAIHost(window)).toBeUndefined();
  });

  it("reads every global, validated, and follows set_globals with only the changed keys", () => {
    install({
      theme: "dark",
      locale: "vi-vn",
      maxHeight: 500,
      displayMode: "fullscreen",
      safeArea: { insets: { top: 10, bottom: 20, left: 0, right: 0 } },
      userAgent: { device: { type: "mobile" }, capabilities: { hover: false, touch: true } },
      view: { mode: "modal", params: { a: 1 } },
      toolInput: { q: "socks" },
      toolOutput: null,
      toolResponseMetadata: { "openai/widgetSessionId": "w1" },
      widgetState: { step: 2 },
    });
    const host = createOpenAIHost(window)!;
    expect(host.kind).toBe("openai");
    expect(host.get("locale")).toBe("vi-VN");
    expect(host.get("userAgent")).toEqual({
      device: { type: "mobile" },
      capabilities: { hover: false, touch: true },
    });
    expect(host.get("view")).toEqual({ mode: "modal", params: { a: 1 } });
    expect(host.get("toolOutput")).toBeNull(); // loading
    expect(host.get("toolResponseMetadata")).toEqual({ "openai/widgetSessionId": "w1" });

    const onOutput = vi.fn();
    const onTheme = vi.fn();
    host.subscribe("toolOutput", onOutput);
    host.subscribe("theme", onTheme);
    const input = host.get("toolInput");
    dispatch({ globals: { toolOutput: { kind: "x" }, toolInput: { q: "socks" } } });
    expect(host.get("toolOutput")).toEqual({ kind: "x" });
    expect(onOutput).toHaveBeenCalledTimes(1);
    expect(onTheme).not.toHaveBeenCalled();
    expect(host.get("toolInput")).toBe(input); // equal value keeps its identity
    host.dispose();
    dispatch({ globals: { theme: "light" } });
    expect(onTheme).not.toHaveBeenCalled();
  });

  it("ignores malformed events and survives hostile globals and throwing getters", () => {
    install({
      theme: "purple",
      locale: 42,
      maxHeight: "-1",
      get toolOutput(): unknown {
        throw new Error("boom");
      },
    });
    const host = createOpenAIHost(window)!;
    expect([
      host.get("theme"),
      host.get("locale"),
      host.get("maxHeight"),
      host.get("toolOutput"),
    ]).toEqual(["light", "en", undefined, null]);
    dispatch(null);
    dispatch({ globals: "theme=dark" });
    dispatch({ globals: { theme: "dark", unknownKey: 1, maxHeight: -20 } });
    expect(host.get("theme")).toBe("dark");
    expect(host.get("maxHeight")).toBeUndefined();
    host.dispose();
  });

  it("reads toolResponseMetadata in its envelope shape too", () => {
    install({ toolResponseMetadata: { _meta: { "openai/widgetSessionId": "w2" } } });
    const host = createOpenAIHost(window)!;
    expect(host.get("toolResponseMetadata")).toEqual({ "openai/widgetSessionId": "w2" });
    host.dispose();
  });

  it("normalises full and legacy callTool results, and passes rejections on", async () => {
    const callTool = vi
      .fn()
      .mockResolvedValueOnce({
        structuredContent: { ok: true },
        content: [{ type: "text", text: "t" }, "junk"],
        _meta: { m: 1 },
      })
      .mockResolvedValueOnce({ result: '{"kind":"legacy"}' })
      .mockResolvedValueOnce({ result: "plain words" })
      .mockRejectedValueOnce(new Error("nope"))
      .mockImplementationOnce(() => {
        throw new Error("sync");
      });
    install({ callTool });
    const host = createOpenAIHost(window)!;
    await expect(host.callTool("a", { x: 1 })).resolves.toEqual({
      structuredContent: { ok: true },
      content: [{ type: "text", text: "t" }],
      isError: false,
      meta: { m: 1 },
    });
    expect(callTool).toHaveBeenCalledWith("a", { x: 1 });
    await expect(host.callTool("a", {})).resolves.toMatchObject({
      structuredContent: { kind: "legacy" },
    });
    await expect(host.callTool("a", {})).resolves.toEqual({
      structuredContent: null,
      content: [{ type: "text", text: "plain words" }],
      isError: false,
      meta: {},
    });
    await expect(host.callTool("a", {})).rejects.toThrow("nope");
    await expect(host.callTool("a", {})).rejects.toThrow("sync");
    host.dispose();
  });

  it("feature-detects optional methods", async () => {
    const notifyIntrinsicHeight = vi.fn();
    const requestDisplayMode = vi.fn().mockResolvedValue({ mode: "pip" });
    install({ displayMode: "inline", notifyIntrinsicHeight, requestDisplayMode });
    const host = createOpenAIHost(window)!;
    expect(host.capabilities).toMatchObject({
      callTool: false,
      requestClose: false,
      requestModal: false,
      notifyIntrinsicHeight: true,
    });
    await expect(host.requestClose()).rejects.toThrow();
    await expect(host.callTool("a", {})).rejects.toThrow();
    await expect(host.requestDisplayMode("pip")).resolves.toBe("pip");
    expect(requestDisplayMode).toHaveBeenCalledWith({ mode: "pip" });
    host.notifyHeight(99.2);
    host.notifyHeight(Number.NaN);
    expect(notifyIntrinsicHeight.mock.calls).toEqual([[{ height: 100 }]]);
    expect(host.requestModal).toBeUndefined();
    host.dispose();

    const requestModal = vi.fn().mockResolvedValue({ opened: true });
    install({ requestModal });
    const withModal = createOpenAIHost(window)!;
    await withModal.requestModal!({ params: { giftId: "g-1" } });
    expect(requestModal).toHaveBeenCalledWith({ params: { giftId: "g-1" } });
    withModal.dispose();
  });

  it("sends follow-ups and opens only https links in ChatGPT's request shapes", async () => {
    const sendFollowUpMessage = vi.fn();
    const openExternal = vi.fn();
    install({ sendFollowUpMessage, openExternal });
    const host = createOpenAIHost(window)!;
    await host.sendFollowUpMessage("hi");
    await host.openExternal("https://shop.example/x");
    await expect(host.openExternal("javascript:alert(1)")).rejects.toThrow();
    expect(sendFollowUpMessage).toHaveBeenCalledWith({ prompt: "hi" });
    expect(openExternal.mock.calls).toEqual([[{ href: "https://shop.example/x" }]]);
    host.dispose();
  });

  it("is driven by the mock's fake window.openai end to end, including a late toolOutput and widget state", async () => {
    vi.useFakeTimers();
    const mock = createMockHost({
      globals: { toolOutput: { late: 1 }, theme: "dark" },
      toolOutputDelayMs: 200,
      tools: { t: () => ({ r: 1 }) },
    });
    const uninstall = mock.installAsOpenAI(window);
    const host = createOpenAIHost(window)!;
    expect(host.get("theme")).toBe("dark");
    expect(host.get("toolOutput")).toBeNull();
    await vi.advanceTimersByTimeAsync(200);
    expect(host.get("toolOutput")).toEqual({ late: 1 });
    await host.setWidgetState({ saved: true });
    expect(host.get("widgetState")).toEqual({ saved: true });
    expect(mock.callsOf("setWidgetState")).toHaveLength(1);
    await expect(host.callTool("t", {})).resolves.toMatchObject({ structuredContent: { r: 1 } });
    host.dispose();
    uninstall();
    mock.dispose();
    vi.useRealTimers();
  });
});
