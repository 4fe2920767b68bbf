/**
 * The same mock host, reached through each host protocol, so a story can run the real adapters:
 * - `mock`: the mock host itself (what unit tests use);
 * - `openai`: the mock installed as a fake `window.openai` on an isolated event target (a docs
 *   page renders many stories at once, so no story touches the real `window.openai`), read by
 *   the real openai adapter;
 * - `mcp-apps`: the real MCP Apps adapter talking JSON-RPC to the official `AppBridge` from
 *   @modelcontextprotocol/ext-apps, over an in-page fake parent frame (fake-parent.ts). The bridge
 *   forwards tool calls, messages, links, display-mode requests and size reports to the mock
 *   (which records them) and pushes the mock's globals as host context and tool results.
 * Every protocol records into the same mock, so a `play` function asserts the same way in all.
 */
import { AppBridge, type McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import { createMcpAppsHost } from "../../src/bridge/mcp-apps.ts";
import { createOpenAIHost } from "../../src/bridge/openai.ts";
import type { Host } from "../../src/bridge/types.ts";
import type { MockHost } from "../../src/testing/index.ts";
import { createFakeParentPair } from "./fake-parent.ts";
import type { StoryProtocol } from "./parameters.ts";

/** A host the widget talks to, and how to take it down. */
export interface ProtocolConnection {
  readonly host: Host;
  close(): void;
}

/** Connects `mock` through `protocol`. */
export function connect(protocol: StoryProtocol, mock: MockHost): ProtocolConnection {
  switch (protocol) {
    case "openai":
      return connectOpenAI(mock);
    case "mcp-apps":
      return connectMcpApps(mock);
    default:
      return { host: mock, close: () => {} };
  }
}

function connectOpenAI(mock: MockHost): ProtocolConnection {
  const fakeWindow = new EventTarget() as unknown as Window;
  const uninstall = mock.installAsOpenAI(fakeWindow);
  const host = createOpenAIHost(fakeWindow);
  if (!host) throw new Error("The openai adapter did not find the fake window.openai.");
  return {
    host,
    close() {
      host.dispose();
      uninstall();
    },
  };
}

/** The MCP Apps host context that stands for the mock's current globals. */
function hostContextOf(mock: MockHost): McpUiHostContext {
  const maxHeight = mock.get("maxHeight");
  const device = mock.get("userAgent");
  return {
    theme: mock.get("theme"),
    locale: mock.get("locale"),
    displayMode: mock.get("displayMode"),
    availableDisplayModes: ["inline", "pip", "fullscreen"],
    containerDimensions: maxHeight === undefined ? {} : { maxHeight },
    platform: device.device.type === "mobile" ? "mobile" : "web",
    deviceCapabilities: { hover: device.capabilities.hover, touch: device.capabilities.touch },
    safeAreaInsets: { ...mock.get("safeArea").insets },
  };
}

function connectMcpApps(mock: MockHost): ProtocolConnection {
  const { widgetWindow, hostTransport } = createFakeParentPair();
  const bridge = new AppBridge(
    null,
    { name: "mcp-widget-kit storybook", version: "1.0.0" },
    { serverTools: {}, openLinks: {}, message: { text: {} }, updateModelContext: { text: {} } },
    { hostContext: hostContextOf(mock) },
  );
  bridge.oncalltool = async (params) => {
    const result = await mock.callTool(params.name, params.arguments ?? {});
    return {
      content: result.content.map((block) => ({ type: "text" as const, text: block.text ?? "" })),
      structuredContent: isObject(result.structuredContent) ? result.structuredContent : undefined,
      isError: result.isError,
      _meta: result.meta,
    };
  };
  bridge.onmessage = async (params) => {
    const text = params.content
      .map((block) => (block.type === "text" ? block.text : ""))
      .join("\n");
    await mock.sendFollowUpMessage(text);
    return {};
  };
  bridge.onopenlink = async (params) => {
    await mock.openExternal(params.url);
    return {};
  };
  bridge.onrequestdisplaymode = async (params) => ({
    mode: await mock.requestDisplayMode(params.mode),
  });
  bridge.onsizechange = (params) => {
    if (typeof params.height === "number") mock.notifyHeight(params.height);
  };
  bridge.onupdatemodelcontext = async () => ({});

  const sendResult = () => {
    const output = mock.get("toolOutput");
    if (output === null || output === undefined) return; // still loading: nothing delivered yet
    void bridge.sendToolResult({
      content: [],
      structuredContent: isObject(output) ? output : undefined,
      _meta: mock.get("toolResponseMetadata") ?? undefined,
    });
  };
  let initialized = false;
  bridge.oninitialized = () => {
    initialized = true;
    void bridge.sendToolInput({ arguments: { ...mock.get("toolInput") } });
    sendResult();
  };
  const pushContext = () => bridge.setHostContext(hostContextOf(mock));
  const unsubscribe = [
    ...(["theme", "locale", "displayMode", "maxHeight", "safeArea", "userAgent"] as const).map(
      (key) => mock.subscribe(key, pushContext),
    ),
    mock.subscribe("toolOutput", () => initialized && sendResult()),
  ];

  // The bridge listens before the adapter's `ui/initialize` can arrive (messages are tasks).
  void bridge.connect(hostTransport);
  const host = createMcpAppsHost({ win: widgetWindow, handshakeTimeoutMs: 5_000 });

  return {
    host,
    close() {
      for (const stop of unsubscribe) stop();
      host.dispose();
      void bridge.close();
    },
  };
}

function isObject(value: unknown): value is { [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
