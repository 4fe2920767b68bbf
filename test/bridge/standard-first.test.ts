// @vitest-environment jsdom
/**
 * ChatGPT has both bridges: `window.openai` and the standard MCP Apps `ui/*`. The widget paints
 * from `window.openai` at once, moves tool I/O, calls, messages, display mode and model context
 * to `ui/*` once the handshake answers, and keeps `window.openai` for ChatGPT's extensions.
 * Where the handshake never answers (older ChatGPT, emulators) it stays on `window.openai`.
 * The host side is the official ext-apps `AppBridge`; no assertion waits on a clock.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { detectHost, getDefaultHost } from "../../src/bridge/detect.ts";
import { createMcpAppsHost, type McpAppsHost } from "../../src/bridge/mcp-apps.ts";
import { createOpenAIHost, SET_GLOBALS_EVENT } from "../../src/bridge/openai.ts";
import type { Host } from "../../src/bridge/types.ts";
import { createChildFrame, deliverFrom } from "./post-message-frames.ts";

type Win = Window & { openai?: unknown };

let frame: ReturnType<typeof createChildFrame>;
let bridge: AppBridge | undefined;
let host: Host | undefined;
let calls: unknown[];

/** A `window.openai` that records every method call. */
function fakeOpenAI(globals: Record<string, unknown> = {}) {
  const record =
    (name: string, value: unknown = undefined) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return Promise.resolve(value);
    };
  return {
    theme: "dark",
    locale: "vi-VN",
    toolInput: { interests: ["tea"] },
    toolOutput: { kind: "gift_suggestions", from: "openai" },
    toolResponseMetadata: { from: "openai" },
    widgetState: { step: 1 },
    ...globals,
    callTool: record("callTool", { structuredContent: { via: "openai" }, content: [] }),
    setWidgetState: record("setWidgetState"),
    sendFollowUpMessage: record("sendFollowUpMessage"),
    openExternal: record("openExternal"),
    requestDisplayMode: record("requestDisplayMode", { mode: "fullscreen" }),
    requestModal: record("requestModal"),
    notifyIntrinsicHeight: record("notifyIntrinsicHeight"),
    uploadFile: record("uploadFile", { fileId: "f1" }),
  };
}

function chatgpt(openai: unknown = fakeOpenAI()): McpAppsHost {
  (frame.child as Win).openai = openai;
  const extensions = createOpenAIHost(frame.child)!;
  const created = createMcpAppsHost({ win: frame.child, extensions });
  host = created;
  return created;
}

async function connectBridge(hostContext: Record<string, unknown> = {}) {
  bridge = new AppBridge(
    null,
    { name: "ChatGPT", version: "1" },
    { serverTools: {}, openLinks: {}, message: {}, updateModelContext: {} },
    { hostContext },
  );
  bridge.oncalltool = async (params) => {
    calls.push(["tools/call", params]);
    return { structuredContent: { via: "ui" }, content: [] };
  };
  bridge.onmessage = async (params) => (calls.push(["ui/message", params]), {});
  bridge.onrequestdisplaymode = async ({ mode }) => (calls.push(["ui/display", mode]), { mode });
  bridge.onupdatemodelcontext = async (params) => (calls.push(["ui/context", params]), {});
  const initialized = new Promise<void>((resolve) =>
    bridge!.addEventListener("initialized", () => resolve()),
  );
  await bridge.connect(new PostMessageTransport(frame.child, frame.child));
  return initialized;
}

/** Resolves on the next change of `key`. */
function nextChange(key: "toolInput" | "toolOutput" | "styleVariables"): Promise<void> {
  return new Promise((resolve) => {
    const off = host!.subscribe(key, () => {
      off();
      resolve();
    });
  });
}

beforeEach(() => {
  vi.spyOn(console, "debug").mockImplementation(() => {});
  frame = createChildFrame();
  calls = [];
});

afterEach(async () => {
  host?.dispose();
  host = undefined;
  await bridge?.close();
  bridge = undefined;
  delete (frame.child as Win).openai;
  frame.remove();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("standard first in ChatGPT (both bridges)", () => {
  it("paints from window.openai at once, then serves tool I/O, calls, messages, display mode and model context over ui/*", async () => {
    const initialized = connectBridge({
      styles: { variables: { "--color-text-primary": "#111" } },
    });
    const chat = chatgpt();
    // Synchronous first paint: window.openai's globals, before any handshake.
    expect(chat.kind).toBe("openai");
    expect(chat.get("toolOutput")).toEqual({ kind: "gift_suggestions", from: "openai" });
    expect(chat.capabilities.updateModelContext).toBe(false);
    await expect(chat.ready).resolves.toBe(true);
    await initialized;

    expect(chat.capabilities).toMatchObject({
      updateModelContext: true,
      callTool: true,
      sendFollowUpMessage: true,
      widgetState: true,
      requestModal: true,
    });
    // Until ui/* delivers its own, the first paint's values stay (no flash back to loading).
    expect(chat.get("toolOutput")).toEqual({ kind: "gift_suggestions", from: "openai" });
    expect(chat.get("styleVariables")).toEqual({ "--color-text-primary": "#111" });

    let change = nextChange("toolInput");
    await bridge!.sendToolInput({ arguments: { interests: ["books"] } });
    await change;
    change = nextChange("toolOutput");
    await bridge!.sendToolResult({
      structuredContent: { kind: "gift_suggestions", from: "ui" },
      content: [],
      _meta: { from: "ui" },
    });
    await change;
    expect(chat.get("toolInput")).toEqual({ interests: ["books"] });
    expect(chat.get("toolOutput")).toEqual({ kind: "gift_suggestions", from: "ui" });
    expect(chat.get("toolResponseMetadata")).toEqual({ from: "ui" });
    // A later window.openai tool global does not override what the standard delivered.
    frame.child.dispatchEvent(
      new CustomEvent(SET_GLOBALS_EVENT, { detail: { globals: { toolOutput: null } } }),
    );
    expect(chat.get("toolOutput")).toEqual({ kind: "gift_suggestions", from: "ui" });

    await expect(chat.callTool("suggest_gifts", { q: 1 })).resolves.toMatchObject({
      structuredContent: { via: "ui" },
    });
    await chat.sendFollowUpMessage("cheaper");
    await expect(chat.requestDisplayMode("fullscreen")).resolves.toBe("fullscreen");
    await chat.updateModelContext!({ content: [{ type: "text", text: "order placed" }] });
    // ChatGPT's extensions stay on window.openai.
    await chat.setWidgetState({ step: 2 });
    await chat.openExternal("https://shop.example/1");
    await chat.requestModal!({ params: { a: 1 } });
    chat.notifyHeight(200);
    expect(chat.get("widgetState")).toEqual({ step: 2 });
    expect(chat.get("theme")).toBe("dark");

    expect(calls).toEqual([
      ["tools/call", { name: "suggest_gifts", arguments: { q: 1 } }],
      ["ui/message", { role: "user", content: [{ type: "text", text: "cheaper" }] }],
      ["ui/display", "fullscreen"],
      ["ui/context", { content: [{ type: "text", text: "order placed" }] }],
      // ChatGPT gets its structured widget state: nothing private here, all of it the model's.
      ["setWidgetState", { modelContent: { step: 2 } }],
      ["openExternal", { href: "https://shop.example/1" }],
      ["requestModal", { params: { a: 1 } }],
      ["notifyIntrinsicHeight", { height: 200 }],
    ]);
  });

  it("emulators whose parent never answers the handshake stay on window.openai, without waiting", async () => {
    vi.useFakeTimers();
    const posted: unknown[] = [];
    frame.parent.postMessage = ((data: unknown) => void posted.push(data)) as Window["postMessage"];
    const chat = chatgpt();
    expect(posted).toMatchObject([{ method: "ui/initialize" }]); // it did ask
    // Calls made while the handshake is outstanding go straight to window.openai.
    await expect(chat.callTool("suggest_gifts", {})).resolves.toMatchObject({
      structuredContent: { via: "openai" },
    });
    await chat.sendFollowUpMessage("hi");
    await expect(chat.requestDisplayMode("fullscreen")).resolves.toBe("fullscreen");
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(chat.ready).resolves.toBe(false);
    expect(chat.capabilities.updateModelContext).toBe(false);
    await expect(chat.callTool("suggest_gifts", {})).resolves.toMatchObject({
      structuredContent: { via: "openai" },
    });
    expect(chat.get("toolOutput")).toEqual({ kind: "gift_suggestions", from: "openai" });
    expect(calls.map((call) => (call as unknown[])[0])).toEqual([
      "callTool",
      "sendFollowUpMessage",
      "requestDisplayMode",
      "callTool",
    ]);
    // Before the handshake, a notification from the parent changes nothing (as today).
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      method: "ui/notifications/tool-result",
      params: { structuredContent: { from: "early" } },
    });
    expect(chat.get("toolOutput")).toEqual({ kind: "gift_suggestions", from: "openai" });
  });

  it("survives hostile globals on both sides", async () => {
    vi.useFakeTimers();
    const posted: Array<{ id?: number }> = [];
    frame.parent.postMessage = ((data: { id?: number }) =>
      void posted.push(data)) as Window["postMessage"];
    const hostile = fakeOpenAI({ theme: "purple", locale: 42, toolInput: null });
    Object.defineProperty(hostile, "toolOutput", {
      get() {
        throw new Error("boom");
      },
    });
    const chat = chatgpt(hostile);
    expect(chat.get("theme")).toBe("light");
    expect(chat.get("toolOutput")).toBeNull();
    // The parent answers with garbage capabilities and context, then hostile notifications.
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      id: posted[0]!.id,
      result: { hostCapabilities: "all", hostContext: { theme: 7, styles: "x", displayMode: {} } },
    });
    await vi.advanceTimersByTimeAsync(0);
    await expect(chat.ready).resolves.toBe(true);
    expect(chat.capabilities.callTool).toBe(false);
    expect(chat.capabilities.updateModelContext).toBe(false);
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      method: "ui/notifications/tool-input",
      params: { arguments: "not an object" },
    });
    deliverFrom(frame.child, frame.parent, {
      jsonrpc: "2.0",
      method: "ui/notifications/tool-result",
      params: "nope",
    });
    expect(chat.get("toolOutput")).toBeNull();
    expect(chat.get("displayMode")).toBe("inline");
    expect(chat.get("styleVariables")).toEqual({});
    expect(chat.get("toolInput")).toBeNull();
  });

  it("detectHost and getDefaultHost give ChatGPT both bridges without waiting for the handshake", async () => {
    vi.useFakeTimers();
    frame.parent.postMessage = (() => {}) as Window["postMessage"];
    (frame.child as Win).openai = fakeOpenAI();
    host = await detectHost({ win: frame.child }); // resolves with no timer advanced
    expect(host.kind).toBe("openai");
    expect("ready" in host).toBe(true);
    expect(host.get("toolOutput")).toEqual({ kind: "gift_suggestions", from: "openai" });
    // A top-level page with window.openai (no frame, no parent to ask) is the openai adapter.
    (window as Win).openai = fakeOpenAI();
    try {
      const top = await detectHost({ win: window });
      expect("ready" in top).toBe(false);
      top.dispose();
      const shared = getDefaultHost();
      expect(shared.kind).toBe("openai");
    } finally {
      delete (window as Win).openai;
    }
  });
});
