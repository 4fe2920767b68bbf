// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMockHost } from "../../src/testing/index.ts";
import { DEFAULT_GLOBALS } from "../../src/bridge/globals.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("mock host", () => {
  it("validates globals like a real host and notifies only changed keys", () => {
    const host = createMockHost({ globals: { theme: "purple", locale: 42, maxHeight: "-1" } });
    expect(host.get("theme")).toBe("light");
    expect(host.get("locale")).toBe("en");
    expect(host.get("maxHeight")).toBeUndefined();

    const theme = vi.fn();
    const locale = vi.fn();
    host.subscribe("theme", theme);
    host.subscribe("locale", locale);
    host.setGlobals({ theme: "dark" });
    expect(theme).toHaveBeenCalledTimes(1);
    expect(locale).not.toHaveBeenCalled();
    host.setGlobals({ theme: "dark" }); // unchanged: no notification
    expect(theme).toHaveBeenCalledTimes(1);
  });

  it("keeps an equal object's identity", () => {
    const host = createMockHost({ globals: { toolOutput: { a: [1, 2] } } });
    const before = host.get("toolOutput");
    host.setGlobals({ toolOutput: { a: [1, 2] } });
    expect(host.get("toolOutput")).toBe(before);
    host.setGlobals({ toolOutput: { a: [1, 3] } });
    expect(host.get("toolOutput")).not.toBe(before);
  });

  it("records calls and answers tools with a full result or bare structuredContent", async () => {
    const host = createMockHost({
      tools: {
        full: () => ({
          structuredContent: { ok: true },
          content: [{ type: "text", text: "hi" }],
          _meta: { x: 1 },
        }),
        bare: (args) => ({ echoed: args.q }),
      },
    });
    await expect(host.callTool("full", {})).resolves.toEqual({
      structuredContent: { ok: true },
      content: [{ type: "text", text: "hi" }],
      isError: false,
      meta: { x: 1 },
    });
    const bare = await host.callTool("bare", { q: "x" });
    expect(bare.structuredContent).toEqual({ echoed: "x" });
    await expect(host.callTool("missing", {})).rejects.toThrow();
    expect(host.toolCalls().map((c) => c.name)).toEqual(["full", "bare", "missing"]);
    expect(host.calls[1]).toEqual({ method: "callTool", args: ["bare", { q: "x" }] });
  });

  it("fails the next calls on demand, in order, then recovers", async () => {
    const host = createMockHost({ tools: { t: () => ({}) } });
    host.failNext({ times: 2, error: new Error("boom") });
    await expect(host.callTool("t", {})).rejects.toThrow("boom");
    await expect(host.callTool("t", {})).rejects.toThrow("boom");
    await expect(host.callTool("t", {})).resolves.toMatchObject({ isError: false });
    host.failNext({ method: "sendFollowUpMessage" });
    await expect(host.callTool("t", {})).resolves.toBeDefined();
    await expect(host.sendFollowUpMessage("hi")).rejects.toThrow();
  });

  it("applies latency and delivers a late toolOutput", async () => {
    vi.useFakeTimers();
    const host = createMockHost({
      latencyMs: 500,
      tools: { t: () => ({ v: 1 }) },
      globals: { toolOutput: { late: true } },
      toolOutputDelayMs: 1000,
    });
    expect(host.get("toolOutput")).toBeNull();
    const settled = vi.fn();
    void host.callTool("t", {}).then(settled);
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(host.get("toolOutput")).toEqual({ late: true });
  });

  it("widget state is visible at once and display mode is granted", async () => {
    const host = createMockHost();
    const pending = host.setWidgetState({ n: 1 });
    expect(host.get("widgetState")).toEqual({ n: 1 });
    await pending;
    await expect(host.requestDisplayMode("fullscreen")).resolves.toBe("fullscreen");
    expect(host.get("displayMode")).toBe("fullscreen");
    expect(host.callsOf("setWidgetState")).toHaveLength(1);
  });

  it("installAsOpenAI behaves as ChatGPT: set the globals, then dispatch only the changed keys", async () => {
    const host = createMockHost({ globals: { theme: "dark" }, tools: { t: () => ({ v: 2 }) } });
    const uninstall = host.installAsOpenAI(window);
    const openai = (window as unknown as { openai: Record<string, unknown> }).openai;
    expect(openai.theme).toBe("dark");
    expect(openai.toolOutput).toBeNull();
    const events: unknown[] = [];
    const listener = (e: Event) =>
      events.push({ detail: (e as CustomEvent).detail, themeAtDispatch: openai.theme });
    window.addEventListener("openai:set_globals", listener);
    host.setGlobals({ theme: "light", locale: "en" });
    expect(events).toEqual([
      { detail: { globals: { theme: "light", locale: "en" } }, themeAtDispatch: "light" },
    ]);
    host.setGlobals({ theme: "light" });
    expect(events).toHaveLength(1);
    const result = await (openai.callTool as (n: string, a: object) => Promise<unknown>)("t", {});
    expect(result).toEqual({ structuredContent: { v: 2 }, content: [], isError: false, _meta: {} });
    expect(host.toolCalls("t")).toHaveLength(1);
    window.removeEventListener("openai:set_globals", listener);
    uninstall();
    expect("openai" in window).toBe(false);
  });

  it("omits methods whose capability is off", () => {
    const host = createMockHost({
      capabilities: { requestClose: false, notifyIntrinsicHeight: false },
    });
    const uninstall = host.installAsOpenAI(window);
    const openai = (window as unknown as { openai: Record<string, unknown> }).openai;
    expect(openai.requestClose).toBeUndefined();
    expect(typeof openai.callTool).toBe("function");
    uninstall();
  });

  it("starts from the defaults", () => {
    const host = createMockHost();
    for (const key of Object.keys(DEFAULT_GLOBALS) as (keyof typeof DEFAULT_GLOBALS)[]) {
      expect(host.get(key)).toEqual(DEFAULT_GLOBALS[key]);
    }
  });
});
