import { JSDOM } from "./support/jsdom.ts";
import { describe, expect, it } from "vitest";
import { frameDocument } from "../../src/devhost/server/frame-document.ts";

interface OpenAiShape {
  theme: string;
  toolOutput: unknown;
  widgetState: unknown;
  callTool(name: string, args: object): Promise<unknown>;
  setWidgetState(state: unknown): Promise<void>;
}

type FrameWindow = Window & typeof globalThis & { openai?: OpenAiShape; seen?: unknown[] };

/** Loads the frame document in jsdom; the bootstrap posts to `parent`, which at top level is itself. */
function load(
  init: unknown,
  widget = "<!doctype html><html><head></head><body><p>widget</p></body></html>",
) {
  const posted: Record<string, unknown>[] = [];
  const dom = new JSDOM(frameDocument(widget, init), {
    runScripts: "dangerously",
    url: "http://127.0.0.1:1/devhost/frames/x",
    // Record what the bootstrap sends to the page instead of delivering it to itself.
    beforeParse: (w) =>
      void (w.postMessage = ((message: Record<string, unknown>) =>
        void posted.push(message)) as typeof w.postMessage),
  });
  const window = dom.window as unknown as FrameWindow;
  const fromPage = (data: unknown) =>
    window.dispatchEvent(new window.MessageEvent("message", { data, source: window }));
  return { window, posted, fromPage };
}

describe("the frame bootstrap", () => {
  it("defines window.openai from the start-up globals before any widget script runs", () => {
    const widget =
      "<!doctype html><html><head><script>window.seen = [window.openai && window.openai.theme, document.getElementById('devhost-init')]</script></head><body></body></html>";
    const { window } = load(
      { protocol: "openai", globals: { theme: "dark", toolOutput: null } },
      widget,
    );
    expect(window.seen).toEqual(["dark", null]);
  });

  it("applies changed globals and dispatches openai:set_globals with only those keys", () => {
    const { window, fromPage } = load({
      protocol: "openai",
      globals: { theme: "light", toolOutput: null },
    });
    const events: unknown[] = [];
    window.addEventListener("openai:set_globals", (event) =>
      events.push((event as CustomEvent).detail.globals),
    );
    fromPage({ devhost: 1, type: "globals", globals: { toolOutput: { ok: true } } });
    expect(window.openai?.toolOutput).toEqual({ ok: true });
    expect(window.openai?.theme).toBe("light");
    expect(events).toEqual([{ toolOutput: { ok: true } }]);
  });

  it("ignores messages that do not come from the page", () => {
    const { window } = load({ protocol: "openai", globals: { theme: "light" } });
    window.dispatchEvent(
      new window.MessageEvent("message", {
        data: { devhost: 1, type: "globals", globals: { theme: "dark" } },
        source: null,
      }),
    );
    expect(window.openai?.theme).toBe("light");
  });

  it("relays callTool to the page and resolves with the page's reply", async () => {
    const { window, posted, fromPage } = load({ protocol: "openai", frameId: "f1", globals: {} });
    const pending = window.openai!.callTool("suggest_gifts", { age: 30 });
    const call = posted.find((m) => m.type === "call");
    expect(call).toMatchObject({
      devhost: 1,
      frameId: "f1",
      method: "callTool",
      params: { name: "suggest_gifts", args: { age: 30 } },
    });
    fromPage({ devhost: 1, type: "reply", id: call!.id, ok: true, value: { isError: false } });
    await expect(pending).resolves.toEqual({ isError: false });
    const failing = window.openai!.callTool("x", {});
    const second = posted.filter((m) => m.type === "call")[1];
    fromPage({ devhost: 1, type: "reply", id: second!.id, ok: false, error: "boom" });
    await expect(failing).rejects.toThrow("boom");
  });

  it("reflects setWidgetState at once and asks the page to persist it", () => {
    const { window, posted } = load({ protocol: "openai", globals: { widgetState: null } });
    const events: unknown[] = [];
    window.addEventListener("openai:set_globals", (event) =>
      events.push((event as CustomEvent).detail.globals),
    );
    void window.openai!.setWidgetState({ key: "k1" });
    expect(window.openai!.widgetState).toEqual({ key: "k1" });
    expect(events).toEqual([{ widgetState: { key: "k1" } }]);
    expect(posted.find((m) => m.type === "call")).toMatchObject({
      method: "setWidgetState",
      params: { state: { key: "k1" } },
    });
  });

  it("relays notifyIntrinsicHeight as a number or as { height } (the kit's bridge sends that)", () => {
    const { window, posted } = load({ protocol: "openai", globals: {} });
    const openai = window.openai as unknown as { notifyIntrinsicHeight(h: unknown): void };
    openai.notifyIntrinsicHeight(310);
    openai.notifyIntrinsicHeight({ height: 217 });
    expect(posted.filter((m) => m.type === "height").map((m) => m.height)).toEqual([310, 217]);
  });

  it("leaves window.openai undefined for MCP Apps, and says ready for both", () => {
    const mcp = load({ protocol: "mcp-apps" });
    expect(mcp.window.openai).toBeUndefined();
    expect(mcp.posted.some((m) => m.type === "ready")).toBe(true);
    expect(load({ protocol: "openai", globals: {} }).posted.some((m) => m.type === "ready")).toBe(
      true,
    );
  });

  it("survives hostile start-up data", () => {
    const { window } = load("not an object" as unknown as object);
    expect(window.openai).toBeUndefined();
    const broken = new JSDOM(
      frameDocument("<p>x</p>", {}).replace("{}</script>", "{oops</script>"),
      { runScripts: "dangerously" },
    );
    expect((broken.window as unknown as FrameWindow).openai).toBeUndefined();
  });
});

describe("frameDocument", () => {
  it("keeps the doctype first when the widget has no <head>", () => {
    const html = frameDocument("<!DOCTYPE html><p>x</p>", {});
    expect(html.startsWith("<!DOCTYPE html><script")).toBe(true);
  });

  it("does not let start-up data end its script element", () => {
    const html = frameDocument("<head></head>", {
      text: "</script><script>alert(1)</script>\u2028",
    });
    expect(html).not.toContain("</script><script>alert(1)");
    const dom = new JSDOM(html);
    expect(JSON.parse(dom.window.document.getElementById("devhost-init")!.textContent!)).toEqual({
      text: "</script><script>alert(1)</script>\u2028",
    });
  });
});
