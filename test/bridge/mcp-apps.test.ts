// @vitest-environment jsdom
/**
 * The MCP Apps adapter against the official host side: ext-apps' `AppBridge` over its own
 * `PostMessageTransport`, with the adapter in a child frame. Real JSON-RPC both ways.
 */
import {
  AppBridge,
  PostMessageTransport,
  type McpUiHostContext,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createMcpAppsHost,
  MCP_APPS_PROTOCOL_VERSION,
  type McpAppsHost,
} from "../../src/bridge/mcp-apps.ts";
import { WIDGET_STATE_KEY_PREFIX } from "../../src/bridge/session-storage.ts";
import { createChildFrame, deliverFrom } from "./post-message-frames.ts";

let frame: ReturnType<typeof createChildFrame>;
let bridge: AppBridge;
let host: McpAppsHost | undefined;

const HOST_CONTEXT = {
  theme: "dark" as const,
  locale: "zh-cn",
  displayMode: "inline" as const,
  containerDimensions: { maxHeight: 640, width: 400 },
  safeAreaInsets: { top: 1, right: 2, bottom: 3, left: 4 },
  platform: "mobile" as const,
  deviceCapabilities: { touch: true, hover: false },
  // Hosts may send any subset of the variables (and hostile values).
  styles: {
    variables: {
      "--color-text-primary": "#111",
      "--font-sans": "url(https://evil.example/x)",
    } as NonNullable<McpUiHostContext["styles"]>["variables"],
  },
};

async function connectBridge(
  capabilities: ConstructorParameters<typeof AppBridge>[2] = {
    serverTools: {},
    openLinks: {},
    message: {},
    updateModelContext: {},
  },
) {
  bridge = new AppBridge(null, { name: "test-host", version: "1.0.0" }, capabilities, {
    hostContext: HOST_CONTEXT,
  });
  await bridge.connect(new PostMessageTransport(frame.child, frame.child));
}

beforeEach(() => {
  vi.spyOn(console, "debug").mockImplementation(() => {});
  frame = createChildFrame();
  localStorage.clear();
});

afterEach(async () => {
  host?.dispose();
  host = undefined;
  await bridge?.close();
  frame.remove();
  vi.restoreAllMocks();
});

describe("mcp-apps adapter against ext-apps AppBridge", () => {
  it("initialises, maps the host context onto globals and follows partial changes", async () => {
    await connectBridge();
    const initialized = new Promise<void>((resolve) =>
      bridge.addEventListener("initialized", () => resolve()),
    );
    host = createMcpAppsHost({ win: frame.child, appInfo: { name: "gifts", version: "1.2.3" } });
    await expect(host.ready).resolves.toBe(true);
    await initialized;
    expect(bridge.getAppVersion()).toEqual({ name: "gifts", version: "1.2.3" });
    expect(host.kind).toBe("mcp-apps");
    expect(host.hostInfo).toMatchObject({ name: "test-host" });
    expect(host.capabilities).toMatchObject({
      callTool: true,
      openExternal: true,
      sendFollowUpMessage: true,
      updateModelContext: true,
      widgetState: true,
    });
    expect(host.get("theme")).toBe("dark");
    expect(host.get("locale")).toBe("zh-CN");
    expect(host.get("maxHeight")).toBe(640);
    expect(host.get("safeArea")).toEqual({ insets: { top: 1, right: 2, bottom: 3, left: 4 } });
    expect(host.get("userAgent")).toEqual({
      device: { type: "mobile" },
      capabilities: { touch: true, hover: false },
    });
    expect(host.get("styleVariables")).toEqual({ "--color-text-primary": "#111" }); // the url() value is dropped

    const onTheme = vi.fn();
    const onLocale = vi.fn();
    host.subscribe("theme", onTheme);
    host.subscribe("locale", onLocale);
    const changed = new Promise<void>((resolve) => host!.subscribe("theme", () => resolve()));
    await bridge.sendHostContextChange({
      theme: "light",
      deviceCapabilities: { touch: false, hover: true },
    });
    await changed;
    expect(host.get("theme")).toBe("light");
    expect(onLocale).not.toHaveBeenCalled();
    expect(host.get("userAgent")).toEqual({
      device: { type: "mobile" },
      capabilities: { touch: false, hover: true },
    });
  });

  it("receives tool input (partial, then complete), the tool result and a cancellation", async () => {
    await connectBridge();
    host = createMcpAppsHost({ win: frame.child });
    await host.ready;
    const next = (key: "toolInput" | "toolOutput" | "toolCancelled") =>
      new Promise<void>((resolve) => {
        const off = host!.subscribe(key, () => {
          off();
          resolve();
        });
      });
    let change = next("toolInput");
    await bridge.sendToolInputPartial({ arguments: { interests: ["tea"] } });
    await change;
    expect(host.get("toolInput")).toEqual({ interests: ["tea"] });
    change = next("toolInput");
    await bridge.sendToolInput({ arguments: { interests: ["tea", "books"] } });
    await change;
    await bridge.sendToolInputPartial({ arguments: { interests: [] } }); // late partial: ignored
    expect(host.get("toolOutput")).toBeNull();
    change = next("toolOutput");
    await bridge.sendToolResult({
      structuredContent: { kind: "gift_suggestions" },
      content: [],
      _meta: { "openai/widgetSessionId": "s-1" },
    });
    await change;
    expect(host.get("toolInput")).toEqual({ interests: ["tea", "books"] });
    expect(host.get("toolOutput")).toEqual({ kind: "gift_suggestions" });
    expect(host.get("toolResponseMetadata")).toEqual({ "openai/widgetSessionId": "s-1" });
    change = next("toolCancelled");
    await bridge.sendToolCancelled({ reason: "user action" });
    await change;
    expect(host.get("toolCancelled")).toBe(true);
  });

  it("sends tools/call, ui/message, ui/open-link, display mode, model context and size changes", async () => {
    await connectBridge();
    const seen: unknown[] = [];
    bridge.oncalltool = async (params) => {
      seen.push(["call", params]);
      return {
        structuredContent: { ok: true, echo: params.arguments },
        content: [{ type: "text", text: "done" }],
      };
    };
    bridge.onmessage = async (params) => (seen.push(["message", params]), {});
    bridge.onopenlink = async (params) => (seen.push(["link", params]), {});
    bridge.onrequestdisplaymode = async ({ mode }) => ({ mode: mode === "pip" ? "inline" : mode });
    bridge.onupdatemodelcontext = async (params) => (seen.push(["context", params]), {});
    const sizes: unknown[] = [];
    bridge.addEventListener("sizechange", (params) => sizes.push(params));

    host = createMcpAppsHost({ win: frame.child });
    const result = await host.callTool("suggest_gifts", { budget_max: 50 });
    expect(result).toEqual({
      structuredContent: { ok: true, echo: { budget_max: 50 } },
      content: [{ type: "text", text: "done" }],
      isError: false,
      meta: {},
    });
    await host.sendFollowUpMessage("cheaper please");
    await host.openExternal("https://shop.example/1");
    await expect(host.openExternal("javascript:alert(1)")).rejects.toThrow();
    await expect(host.requestDisplayMode("fullscreen")).resolves.toBe("fullscreen");
    expect(host.get("displayMode")).toBe("fullscreen");
    await expect(host.requestDisplayMode("pip")).resolves.toBe("inline");
    await host.updateModelContext!({ structuredContent: { selected: "g1" } });
    host.notifyHeight(320.4); // rounded up; only changes are reported (useAutoHeight's job)
    host.notifyHeight(-1); // not a height: not sent
    await host.callTool("suggest_gifts", {}); // a round trip, so the size notification has arrived
    expect(seen).toEqual([
      ["call", { name: "suggest_gifts", arguments: { budget_max: 50 } }],
      ["message", { role: "user", content: [{ type: "text", text: "cheaper please" }] }],
      ["link", { url: "https://shop.example/1" }],
      ["context", { structuredContent: { selected: "g1" } }],
      ["call", { name: "suggest_gifts", arguments: {} }],
    ]);
    expect(sizes).toEqual([{ height: 321 }]);
  });

  it("turns refusals and JSON-RPC errors into rejections", async () => {
    await connectBridge();
    bridge.oncalltool = async () => {
      throw new Error("catalog down");
    };
    bridge.onopenlink = async () => ({ isError: true });
    host = createMcpAppsHost({ win: frame.child });
    await expect(host.callTool("x", {})).rejects.toThrow();
    await expect(host.openExternal("https://shop.example/")).rejects.toThrow();
    // Arguments that cannot be cloned fail at once instead of waiting for a timeout.
    await expect(host.callTool("x", { callback: () => 1 })).rejects.toThrow(/could not be sent/);
  });

  it("a delivered result without structuredContent is no longer loading (it parses as invalid)", async () => {
    await connectBridge();
    host = createMcpAppsHost({ win: frame.child });
    await host.ready;
    expect(host.get("toolOutput")).toBeNull();
    const delivered = new Promise<void>((resolve) =>
      host!.subscribe("toolOutput", () => resolve()),
    );
    await bridge.sendToolResult({ content: [{ type: "text", text: "no structured content" }] });
    await delivered;
    expect(host.get("toolOutput")).toEqual({});
  });

  it("persists widget state per widget session in localStorage", async () => {
    await connectBridge();
    host = createMcpAppsHost({ win: frame.child });
    await host.ready;
    await host.setWidgetState({ draft: "d1" }); // no session id yet: memory only
    expect(frame.child.localStorage.length).toBe(0);
    const delivered = new Promise<void>((resolve) =>
      host!.subscribe("toolResponseMetadata", () => resolve()),
    );
    await bridge.sendToolResult({ content: [], _meta: { "openai/widgetSessionId": "sess-9" } });
    await delivered;
    expect(
      JSON.parse(frame.child.localStorage.getItem(`${WIDGET_STATE_KEY_PREFIX}sess-9`)!),
    ).toEqual({ draft: "d1" });
    host.dispose();

    // A reload of the same widget session reads it back.
    host = createMcpAppsHost({ win: frame.child, sessionId: "sess-9" });
    expect(host.get("widgetState")).toEqual({ draft: "d1" });
  });
});

describe("mcp-apps adapter hardening", () => {
  it("ignores messages from other frames and malformed messages, and times requests out", async () => {
    vi.useFakeTimers();
    const posted: unknown[] = [];
    frame.parent.postMessage = ((data: unknown) => void posted.push(data)) as Window["postMessage"];
    host = createMcpAppsHost({ win: frame.child, handshakeTimeoutMs: 1_000 });
    const init = posted[0] as { id: number; method: string; params: { protocolVersion: string } };
    expect(init).toMatchObject({
      jsonrpc: "2.0",
      method: "ui/initialize",
      params: { protocolVersion: MCP_APPS_PROTOCOL_VERSION },
    });

    const foreign = document.createElement("iframe");
    document.body.append(foreign);
    const answer = {
      jsonrpc: "2.0",
      id: init.id,
      result: {
        protocolVersion: MCP_APPS_PROTOCOL_VERSION,
        hostInfo: {},
        hostCapabilities: {},
        hostContext: { theme: "dark" },
      },
    };
    deliverFrom(frame.child, foreign.contentWindow, answer); // another frame: ignored
    deliverFrom(frame.child, null, answer); // no source: ignored
    deliverFrom(frame.child, frame.parent, "not json-rpc");
    deliverFrom(frame.child, frame.parent, { jsonrpc: "2.0", method: 42 });
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      method: "ui/notifications/tool-result",
      params: "junk",
    });
    deliverFrom(frame.child, foreign.contentWindow, {
      jsonrpc: "2.0",
      method: "ui/notifications/tool-result",
      params: { structuredContent: { evil: 1 } },
    });
    expect(host.get("theme")).toBe("light");
    expect(host.get("toolOutput")).toBeNull();
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(host.ready).resolves.toBe(false);
    await expect(host.callTool("x", {})).rejects.toThrow();
    foreign.remove();
    vi.useRealTimers();
  });

  it("times out a request the host never answers", async () => {
    vi.useFakeTimers();
    const posted: Array<{ id?: number; method?: string }> = [];
    frame.parent.postMessage = ((data: { id?: number; method?: string }) =>
      void posted.push(data)) as Window["postMessage"];
    host = createMcpAppsHost({ win: frame.child, requestTimeoutMs: 500 });
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      id: posted[0]!.id,
      result: { hostCapabilities: { message: {} }, hostContext: {} },
    });
    await vi.advanceTimersByTimeAsync(0);
    await expect(host.ready).resolves.toBe(true);
    expect(posted[1]).toMatchObject({ method: "ui/notifications/initialized" });
    const sent = host.sendFollowUpMessage("hello");
    const rejected = expect(sent).rejects.toThrow(/timed out/);
    await vi.advanceTimersByTimeAsync(500);
    await rejected;
    // A host request the widget does not know gets a JSON-RPC error, not silence.
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      id: "h1",
      method: "ui/unknown",
      params: {},
    });
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      id: "h2",
      method: "ui/resource-teardown",
      params: {},
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(posted.slice(-2)).toEqual([
      { jsonrpc: "2.0", id: "h1", error: { code: -32601, message: "Method not found" } },
      { jsonrpc: "2.0", id: "h2", result: {} },
    ]);
    vi.useRealTimers();
  });

  it("outside a frame, the handshake fails at once", async () => {
    host = createMcpAppsHost({ win: frame.parent }); // the top window: its parent is itself
    await expect(host.ready).resolves.toBe(false);
  });
});
