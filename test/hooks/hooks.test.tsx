// @vitest-environment jsdom
import { StrictMode, useRef, type ReactNode } from "react";
import { act, render, renderHook, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createMockHost, type MockHost } from "../../src/testing/index.ts";
import {
  HostProvider,
  useAutoHeight,
  useCallTool,
  useHostGlobal,
  useOpenExternal,
  useSendFollowUpMessage,
  useTheme,
  useToolOutput,
  useWidgetState,
} from "../../src/hooks/index.ts";
import { HOST_CALL_FAILED } from "../../src/contract/error-codes.ts";
import { createNoHost } from "../../src/bridge/no-host.ts";
import { untypedTool } from "./untyped-tool.ts";

function wrap(host: MockHost | ReturnType<typeof createNoHost>, strict = false) {
  return ({ children }: { children: ReactNode }) =>
    strict ? (
      <StrictMode>
        <HostProvider host={host}>{children}</HostProvider>
      </StrictMode>
    ) : (
      <HostProvider host={host}>{children}</HostProvider>
    );
}

afterEach(() => {
  vi.useRealTimers();
});

describe("global hooks", () => {
  it("read validated globals and follow changes", () => {
    const host = createMockHost({
      globals: {
        theme: "dark",
        locale: "ru-ru",
        maxHeight: 480,
        displayMode: "pip",
        toolInput: { q: 1 },
      },
    });
    const { result } = renderHook(
      () => ({
        theme: useTheme(),
        locale: useHostGlobal("locale"),
        maxHeight: useHostGlobal("maxHeight"),
        mode: useHostGlobal("displayMode"),
        input: useHostGlobal("toolInput"),
        output: useToolOutput<{ n: number }>(),
        meta: useHostGlobal("toolResponseMetadata"),
        safe: useHostGlobal("safeArea"),
        ua: useHostGlobal("userAgent"),
      }),
      { wrapper: wrap(host) },
    );
    expect(result.current).toMatchObject({
      theme: "dark",
      locale: "ru-RU",
      maxHeight: 480,
      mode: "pip",
      input: { q: 1 },
      output: null,
      meta: null,
    });
    act(() =>
      host.setGlobals({
        toolOutput: { n: 2 },
        toolResponseMetadata: { _meta: { "openai/widgetSessionId": "s1" } },
      }),
    );
    expect(result.current.output).toEqual({ n: 2 });
    expect(result.current.meta).toEqual({ "openai/widgetSessionId": "s1" });
  });

  it("hostile globals fall back to defaults", () => {
    const host = createMockHost({
      globals: {
        theme: "purple",
        locale: 42,
        maxHeight: "-1",
        displayMode: {},
        safeArea: { insets: { top: -5, left: "x" } },
        userAgent: "ios",
      },
    });
    const { result } = renderHook(
      () => [
        useTheme(),
        useHostGlobal("locale"),
        useHostGlobal("maxHeight"),
        useHostGlobal("displayMode"),
        useHostGlobal("safeArea"),
        useHostGlobal("userAgent"),
      ],
      {
        wrapper: wrap(host),
      },
    );
    expect(result.current).toEqual([
      "light",
      "en",
      undefined,
      "inline",
      { insets: { top: 0, bottom: 0, left: 0, right: 0 } },
      { device: { type: "unknown" }, capabilities: { hover: true, touch: false } },
    ]);
  });

  it("re-renders only the components whose key changed", () => {
    const host = createMockHost();
    let themeRenders = 0;
    let localeRenders = 0;
    function ThemeReader() {
      themeRenders++;
      return <span data-testid="theme">{useTheme()}</span>;
    }
    function LocaleReader() {
      localeRenders++;
      return <span>{useHostGlobal("locale")}</span>;
    }
    render(
      <HostProvider host={host}>
        <ThemeReader />
        <LocaleReader />
      </HostProvider>,
    );
    const [t0, l0] = [themeRenders, localeRenders];
    act(() => {
      for (let i = 0; i < 20; i++)
        host.setGlobals({ locale: i % 2 ? "de" : "fr", maxHeight: 100 + i });
    });
    expect(themeRenders).toBe(t0);
    expect(localeRenders).toBeGreaterThan(l0);
    act(() => host.setGlobals({ theme: "dark" }));
    expect(themeRenders).toBe(t0 + 1);
    expect(screen.getByTestId("theme").textContent).toBe("dark");
  });

  it("without any host, returns defaults and does not throw", () => {
    const { result } = renderHook(() => [useTheme(), useToolOutput(), useHostGlobal("locale")]);
    expect(result.current).toEqual(["light", null, "en"]);
  });
});

describe("useWidgetState", () => {
  it("writes through the host and survives a remount", () => {
    const host = createMockHost();
    const first = renderHook(() => useWidgetState({ count: 0 }), { wrapper: wrap(host) });
    expect(first.result.current[0]).toEqual({ count: 0 });
    act(() => {
      first.result.current[1]((prev) => ({ count: prev.count + 1 }));
      first.result.current[1]((prev) => ({ count: prev.count + 1 }));
    });
    expect(first.result.current[0]).toEqual({ count: 2 });
    expect(host.callsOf("setWidgetState")).toHaveLength(2);
    first.unmount();
    const second = renderHook(() => useWidgetState({ count: 0 }), { wrapper: wrap(host, true) });
    expect(second.result.current[0]).toEqual({ count: 2 });
  });

  it("keeps keyed states side by side in the one widget state object", () => {
    const host = createMockHost({ globals: { widgetState: "junk from an old version" } });
    const { result } = renderHook(
      () => ({
        confirm: useWidgetState<string | null>(null, { key: "confirm" }),
        list: useWidgetState({ page: 1 }, { key: "list" }),
      }),
      { wrapper: wrap(host) },
    );
    expect(result.current.confirm[0]).toBeNull();
    act(() => result.current.confirm[1]("idem-123"));
    act(() => result.current.list[1]((prev) => ({ page: prev.page + 1 })));
    expect(host.get("widgetState")).toEqual({ confirm: "idem-123", list: { page: 2 } });
    expect(result.current.confirm[0]).toBe("idem-123");
    expect(result.current.list[0]).toEqual({ page: 2 });
  });

  it("rejects stored state that fails the guard and survives a failing host", () => {
    const host = createMockHost({ globals: { widgetState: { count: "many" } } });
    const isCounter = (s: unknown): s is { count: number } =>
      typeof (s as { count?: unknown })?.count === "number";
    const { result } = renderHook(() => useWidgetState({ count: 0 }, { isValid: isCounter }), {
      wrapper: wrap(host),
    });
    expect(result.current[0]).toEqual({ count: 0 });
    host.failNext({ method: "setWidgetState" });
    act(() => result.current[1]({ count: 5 }));
    expect(result.current[0]).toEqual({ count: 5 });
  });
});

describe("useCallTool", () => {
  it("moves idle → pending → success and joins an identical in-flight call", async () => {
    const host = createMockHost({ latencyMs: 5, tools: { search: (args) => ({ got: args }) } });
    const { result } = renderHook(() => useCallTool(untypedTool("search")), {
      wrapper: wrap(host, true),
    });
    expect(result.current.status).toBe("idle");
    let outcomes: unknown[] = [];
    await act(async () => {
      const a = result.current.call({ q: "x", n: [1, 2] });
      const b = result.current.call({ n: [1, 2], q: "x" }); // same args, other key order
      outcomes = await Promise.all([a, b]);
    });
    expect(host.toolCalls("search")).toHaveLength(1);
    // One call, one answer: each caller gets it with its own parsed view beside it.
    expect(outcomes[0]).toEqual(outcomes[1]);
    expect((outcomes[0] as { result: unknown }).result).toBe(
      (outcomes[1] as { result: unknown }).result,
    );
    expect(result.current.status).toBe("success");
    expect(result.current.result?.structuredContent).toEqual({ got: { q: "x", n: [1, 2] } });

    await act(async () => {
      await Promise.all([result.current.call({ q: "x" }), result.current.call({ q: "y" })]);
    });
    expect(host.toolCalls("search")).toHaveLength(3); // different args are separate calls
    await act(async () => {
      await result.current.call({ q: "x", n: [1, 2] });
    });
    expect(host.toolCalls("search")).toHaveLength(4); // the first finished: a new call is sent
    act(() => result.current.reset());
    expect(result.current.status).toBe("idle");
  });

  it("turns a rejecting host into a retryable HOST_CALL_FAILED, never an unhandled rejection", async () => {
    const host = createMockHost({ tools: { t: () => ({}) } });
    host.failNext({ error: new Error("SELECT * FROM secrets") });
    const { result } = renderHook(() => useCallTool(untypedTool("t")), { wrapper: wrap(host) });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.call({});
    });
    expect(outcome).toEqual({
      ok: false,
      error: expect.objectContaining({ code: HOST_CALL_FAILED, retryable: true }),
    });
    expect(result.current.status).toBe("error");
    expect(JSON.stringify(result.current.error)).not.toContain("secrets");
  });

  it("times out a call the host never answers", async () => {
    vi.useFakeTimers();
    const host = createMockHost({ tools: { t: () => ({}) } });
    host.failNext({ hang: true });
    const { result } = renderHook(() => useCallTool(untypedTool("t"), { timeoutMs: 1000 }), {
      wrapper: wrap(host),
    });
    let outcome: unknown;
    await act(async () => {
      const pending = result.current.call({}).then((o) => (outcome = o));
      await vi.advanceTimersByTimeAsync(1000);
      await pending;
    });
    expect(outcome).toMatchObject({
      ok: false,
      error: { code: HOST_CALL_FAILED, retryable: true },
    });
    expect(result.current.status).toBe("error");
  });

  it("with no host, a call fails softly", async () => {
    const { result } = renderHook(() => useCallTool(untypedTool("t")), {
      wrapper: wrap(createNoHost()),
    });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.call({});
    });
    expect(outcome).toMatchObject({ ok: false, error: { code: HOST_CALL_FAILED } });
  });
});

describe("action hooks", () => {
  it("open only https links and send messages", async () => {
    const host = createMockHost();
    const { result } = renderHook(
      () => ({
        open: useOpenExternal(),
        send: useSendFollowUpMessage(),
      }),
      {
        wrapper: wrap(host),
      },
    );
    await act(async () => {
      await result.current.open("javascript:alert(1)");
      await result.current.open("http://example.com");
      await result.current.open("https://example.com/a");
      await result.current.send("more gifts please");
    });
    expect(host.callsOf("openExternal").map((c) => c.args[0])).toEqual(["https://example.com/a"]);
    expect(host.callsOf("sendFollowUpMessage").map((c) => c.args[0])).toEqual([
      "more gifts please",
    ]);
  });

  it("never reject when the host fails", async () => {
    const host = createMockHost();
    host.failNext({ method: "sendFollowUpMessage" });
    const { result } = renderHook(() => ({ send: useSendFollowUpMessage() }), {
      wrapper: wrap(host),
    });
    await act(async () => {
      await expect(result.current.send("x")).resolves.toBeUndefined();
    });
  });

  it("useAutoHeight reports the element's height on mount and on resize", () => {
    const observers: Array<{ cb: () => void }> = [];
    vi.stubGlobal(
      "ResizeObserver",
      class {
        cb: () => void;
        constructor(cb: () => void) {
          this.cb = cb;
          observers.push(this);
        }
        observe() {}
        disconnect() {}
      },
    );
    let height = 120;
    const host = createMockHost();
    function Box() {
      const ref = useRef<HTMLDivElement>(null);
      useAutoHeight(ref);
      return <div ref={ref} />;
    }
    const spy = vi
      .spyOn(HTMLElement.prototype, "getBoundingClientRect")
      .mockImplementation(() => ({ height }) as DOMRect);
    render(
      <HostProvider host={host}>
        <Box />
      </HostProvider>,
    );
    height = 300.2;
    act(() => observers.at(-1)?.cb());
    act(() => observers.at(-1)?.cb()); // unchanged: not reported again
    expect(host.callsOf("notifyHeight").map((c) => c.args[0])).toEqual([120, 301]);
    spy.mockRestore();
    vi.unstubAllGlobals();
  });
});
