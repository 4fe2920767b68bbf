// @vitest-environment jsdom
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";
import { afterEach, describe, expect, it, vi } from "vitest";
import { detectHost, getDefaultHost } from "../../src/bridge/detect.ts";
import { createChildFrame } from "./post-message-frames.ts";

type Win = Window & { openai?: unknown };

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("detectHost", () => {
  it("picks openai when window.openai is present, even inside a frame", async () => {
    const frame = createChildFrame();
    (frame.child as Win).openai = { theme: "dark" };
    const host = await detectHost({ win: frame.child });
    expect(host.kind).toBe("openai");
    expect(host.get("theme")).toBe("dark");
    host.dispose();
    frame.remove();
  });

  it("picks mcp-apps when the frame's parent answers the handshake", async () => {
    vi.spyOn(console, "debug").mockImplementation(() => {});
    const frame = createChildFrame();
    const bridge = new AppBridge(
      null,
      { name: "h", version: "1" },
      {},
      { hostContext: { theme: "dark" } },
    );
    await bridge.connect(new PostMessageTransport(frame.child, frame.child));
    const host = await detectHost({ win: frame.child });
    expect(host.kind).toBe("mcp-apps");
    expect(host.get("theme")).toBe("dark");
    host.dispose();
    await bridge.close();
    frame.remove();
  });

  it("falls back to no host when the handshake goes unanswered", async () => {
    vi.useFakeTimers();
    const frame = createChildFrame();
    frame.parent.postMessage = (() => {}) as Window["postMessage"];
    const detected = detectHost({ win: frame.child, handshakeTimeoutMs: 300 });
    await vi.advanceTimersByTimeAsync(300);
    const host = await detected;
    expect(host.kind).toBe("none");
    expect(host.get("theme")).toBe("light");
    frame.remove();
  });

  it("is no host in a top-level page", async () => {
    const frame = createChildFrame();
    await expect(detectHost({ win: frame.parent })).resolves.toMatchObject({ kind: "none" });
    frame.remove();
  });
});

describe("getDefaultHost", () => {
  it("is created once and shared", () => {
    const host = getDefaultHost();
    expect(getDefaultHost()).toBe(host);
    expect(["none", "mcp-apps"]).toContain(host.kind);
  });
});
