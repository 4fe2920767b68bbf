/**
 * The MCP Apps protocol, page side, spoken by the official `AppBridge` from
 * `@modelcontextprotocol/ext-apps` over `postMessage`: `ui/initialize` (protocol 2026-01-26),
 * then `ui/notifications/tool-input` and `…/tool-result`; `host-context-changed` on every
 * setting change; `tools/call` answered by the real server; `ui/message`, `ui/open-link`,
 * `ui/request-display-mode` and `ui/notifications/size-changed` handled by the page.
 */
import { AppBridge, type McpUiHostContext } from "@modelcontextprotocol/ext-apps/app-bridge";
import type { CallToolResult } from "@modelcontextprotocol/client";
import { FrameChannel } from "./frame-channel.ts";
import { FrameTransport } from "./frame-transport.ts";
import { DISPLAY_MODES, effectiveMaxHeight } from "./settings.ts";
import type { WidgetSession, WidgetSessionContext } from "./widget-session.ts";
import { commonFrameHandlers, openHttpsLink } from "./widget-session.ts";
import { isRecord } from "../../core/is-record.ts";

function hostContext(context: WidgetSessionContext): McpUiHostContext {
  const settings = context.settings();
  return {
    theme: settings.theme,
    locale: settings.locale,
    displayMode: settings.displayMode,
    availableDisplayModes: [...DISPLAY_MODES],
    containerDimensions: { maxHeight: effectiveMaxHeight(settings) },
    platform: "web",
    userAgent: "mcp-widget-kit-devhost",
    deviceCapabilities: { hover: true, touch: false },
    safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 },
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    ...(context.tool ? { toolInfo: { tool: context.tool } } : {}),
  };
}

function messageText(content: unknown): string {
  const blocks = Array.isArray(content) ? content : [content];
  return blocks
    .map((block) => (isRecord(block) && typeof block.text === "string" ? block.text : ""))
    .filter(Boolean)
    .join("\n");
}

/** Starts an AppBridge for a frame (before it loads, so the widget's first message is heard). */
export function startMcpAppsSession(context: WidgetSessionContext): WidgetSession {
  const channel = new FrameChannel(context.frame, {
    ...commonFrameHandlers(context),
  });
  const bridge = startAppBridge(context);
  return {
    ...bridge,
    dispose() {
      channel.dispose();
      bridge.dispose();
    },
  };
}

/**
 * The AppBridge alone, without the frame channel: the MCP Apps session's, and the standard
 * half of ChatGPT's (which has both bridges). Under gated input (`context.inputGated`) the tool
 * input waits for `deliverInput`, as ChatGPT's approval-gated tools do.
 */
export function startAppBridge(context: WidgetSessionContext): WidgetSession {
  const bridge = new AppBridge(
    null,
    { name: "mcp-widget-kit-devhost", version: "1.0.0" },
    {
      openLinks: {},
      serverTools: {},
      logging: {},
      message: { text: {} },
      updateModelContext: { text: {} },
    },
    { hostContext: hostContext(context) },
  );
  let initialized = false;
  let inputReady = !context.inputGated;
  let pendingResult: CallToolResult | undefined;

  bridge.oncalltool = async (params) =>
    context.callTool(params.name, (params.arguments ?? {}) as Record<string, unknown>);
  bridge.onmessage = async (params) => {
    context.followUp(messageText(params.content));
    return {};
  };
  bridge.onopenlink = async (params) =>
    openHttpsLink(params.url, context.event) ? {} : { isError: true };
  bridge.onrequestdisplaymode = async (params) => ({
    mode: context.requestDisplayMode(params.mode),
  });
  bridge.onsizechange = (params) => {
    if (typeof params.height === "number") context.setHeight(params.height);
  };
  bridge.onupdatemodelcontext = async (params) => {
    context.modelContext(params);
    return {};
  };
  bridge.onloggingmessage = (params) =>
    context.event({
      kind: "notice",
      text: `widget log (${params.level}): ${JSON.stringify(params.data).slice(0, 200)}`,
    });
  bridge.oninitialized = () => {
    initialized = true;
    context.event({ kind: "notice", text: "ui/initialize answered: the standard bridge is up" });
    if (inputReady) void bridge.sendToolInput({ arguments: context.args });
    if (pendingResult) void bridge.sendToolResult(pendingResult);
  };

  const window = context.frame.contentWindow;
  if (window) void bridge.connect(new FrameTransport(window));

  return {
    deliverInput() {
      if (inputReady) return;
      inputReady = true;
      if (initialized) void bridge.sendToolInput({ arguments: context.args });
    },
    deliverResult(result) {
      pendingResult = result;
      if (initialized) void bridge.sendToolResult(result);
    },
    updateSettings() {
      // AppBridge compares with what the view has and sends only the changed fields.
      bridge.setHostContext(hostContext(context));
    },
    dispose() {
      void bridge.close();
    },
  };
}
