// @vitest-environment jsdom
/**
 * ChatGPT's approval-gated tools: the widget is shown before the person approved, with
 * `window.openai.toolInput` null (and no output); the input arrives with
 * `ui/notifications/tool-input` after approval, then the result. The fixture shop's widget (built from the kit) over
 * both bridges shows that as loading — never invalid — and then the result.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { act, render, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createMcpAppsHost } from "../../src/bridge/mcp-apps.ts";
import { createOpenAIHost } from "../../src/bridge/openai.ts";
import type { Host } from "../../src/bridge/types.ts";
import { HostProvider, useHostGlobal } from "../../src/hooks/index.ts";
import { createChildFrame } from "../bridge/post-message-frames.ts";
import { payloads } from "../fixture-app/payloads.ts";
import { FixtureWidget } from "../fixture-app/widget.tsx";

type Win = Window & { openai?: unknown };

let frame: ReturnType<typeof createChildFrame>;
let bridge: AppBridge;
let host: Host;

beforeEach(async () => {
  vi.spyOn(console, "debug").mockImplementation(() => {});
  frame = createChildFrame();
  bridge = new AppBridge(null, { name: "ChatGPT", version: "1" }, { serverTools: {} }, {});
  const initialized = new Promise<void>((resolve) =>
    bridge.addEventListener("initialized", () => resolve()),
  );
  await bridge.connect(new PostMessageTransport(frame.child, frame.child));
  (frame.child as Win).openai = {
    theme: "light",
    toolInput: null, // approval pending
    toolOutput: null,
    toolResponseMetadata: null,
    widgetState: null,
  };
  host = createMcpAppsHost({ win: frame.child, extensions: createOpenAIHost(frame.child)! });
  await initialized;
});

afterEach(async () => {
  host.dispose();
  await bridge.close();
  frame.remove();
  vi.restoreAllMocks();
});

describe("approval-gated input under ChatGPT's two bridges", () => {
  it("is loading until approved, then the result", async () => {
    const { container } = render(
      <HostProvider host={host}>
        <FixtureWidget />
      </HostProvider>,
    );
    const state = () => container.querySelector(".wk-root")?.getAttribute("data-state");
    expect(state()).toBe("loading");
    const input = renderHook(() => useHostGlobal("toolInput"), {
      wrapper: ({ children }) => <HostProvider host={host}>{children}</HostProvider>,
    });
    expect(input.result.current).toBeNull(); // no input yet: null (not `{}`), never a crash

    await act(() => bridge.sendToolInput({ arguments: { tags: ["tea"] } }));
    await vi.waitFor(() => expect(input.result.current).toEqual({ tags: ["tea"] }));
    expect(state()).toBe("loading"); // input without a result is still loading

    await act(() => bridge.sendToolResult({ structuredContent: payloads.products, content: [] }));
    await vi.waitFor(() => expect(state()).toBe("results"));
  });
});
