/**
 * ChatGPT's `window.openai` protocol, page side. The frame bootstrap defines `window.openai`
 * from the start-up globals; this relays its method calls to the real server and the page,
 * and pushes changed globals (the late `toolOutput`, theme, locale, …) back into the frame.
 */
import type { CallToolResult } from "@modelcontextprotocol/client";
import { FrameChannel, type RelayedCall } from "./frame-channel.ts";
import {
  DISPLAY_MODES,
  effectiveMaxHeight,
  type DisplayMode,
  type HostSettings,
} from "./settings.ts";
import type { WidgetSession, WidgetSessionContext } from "./widget-session.ts";
import { commonFrameHandlers, openHttpsLink } from "./widget-session.ts";
import { loadWidgetState, saveWidgetState } from "./widget-state-store.ts";
import { startAppBridge } from "./mcp-apps-session.ts";
import { playPaymentSheet } from "./payment-sheet.ts";
import { isRecord } from "../../core/is-record.ts";

/** The `window.openai` globals for these settings and this call. */
export function openaiGlobals(
  context: Pick<WidgetSessionContext, "settings" | "args" | "widgetKey" | "inputGated">,
  result: CallToolResult | undefined,
): Record<string, unknown> {
  const settings = context.settings();
  return {
    theme: settings.theme,
    locale: settings.locale,
    displayMode: settings.displayMode,
    maxHeight: effectiveMaxHeight(settings),
    userAgent: { device: { type: "desktop" }, capabilities: { hover: true, touch: false } },
    safeArea: { insets: { top: 0, bottom: 0, left: 0, right: 0 } },
    view: { mode: "inline" },
    // ChatGPT's approval-gated tools: no input until the person approved.
    toolInput: context.inputGated ? null : context.args,
    toolOutput: result?.structuredContent ?? null,
    toolResponseMetadata: result?._meta ?? null,
    widgetState: loadWidgetState(context.widgetKey),
  };
}

function toolResultForWidget(result: CallToolResult): Record<string, unknown> {
  return {
    structuredContent: result.structuredContent,
    content: result.content,
    isError: result.isError === true,
    _meta: result._meta,
  };
}

/**
 * Starts ChatGPT's side of a frame whose bootstrap got `openaiGlobals` at start-up: the
 * `window.openai` relay and, as ChatGPT has both, the standard MCP Apps bridge beside it.
 */
export function startOpenAiSession(context: WidgetSessionContext): WidgetSession {
  const relay = startOpenAiRelay(context);
  const standard = startAppBridge(context);
  const both = [relay, standard];
  return {
    deliverInput: () => both.forEach((session) => session.deliverInput()),
    deliverResult: (result) => both.forEach((session) => session.deliverResult(result)),
    updateSettings: (changed) => both.forEach((session) => session.updateSettings(changed)),
    dispose: () => both.forEach((session) => session.dispose()),
  };
}

/** The `window.openai` relay alone. */
function startOpenAiRelay(context: WidgetSessionContext): WidgetSession {
  let inputReady = !context.inputGated;
  async function onCall({ method, params }: RelayedCall): Promise<unknown> {
    switch (method) {
      case "callTool": {
        if (typeof params.name !== "string") throw new Error("callTool needs a tool name");
        const args = isRecord(params.args) ? params.args : {};
        return toolResultForWidget(await context.callTool(params.name, args));
      }
      case "setWidgetState":
        if (!saveWidgetState(context.widgetKey, params.state))
          throw new Error("widget state is not storable");
        context.event({
          kind: "widget-state",
          text: `saved for ${context.toolName} (${JSON.stringify(params.state ?? null).length} bytes)`,
        });
        return null;
      case "sendFollowUpMessage":
        context.followUp(String(params.prompt ?? ""));
        return null;
      case "openExternal":
        if (!openHttpsLink(params.href, context.event)) throw new Error("only https links open");
        return null;
      case "requestDisplayMode": {
        const wanted = DISPLAY_MODES.includes(params.mode as DisplayMode)
          ? (params.mode as DisplayMode)
          : "inline";
        return { mode: context.requestDisplayMode(wanted) };
      }
      case "requestCheckout":
        // Offered only where the setting says so: the frame has no requestCheckout otherwise.
        if (context.settings().checkout !== "sheet") throw new Error("no payment sheet here");
        return playPaymentSheet(context, params.session);
      case "requestModal":
      case "requestClose":
        context.event({ kind: "notice", text: `${method} (not emulated)` });
        return null;
      default:
        throw new Error(`unknown method ${method.slice(0, 40)}`);
    }
  }

  const channel = new FrameChannel(context.frame, {
    onHeight: context.setHeight,
    ...commonFrameHandlers(context),
    onCall,
  });

  return {
    deliverInput() {
      if (inputReady) return;
      inputReady = true;
      channel.post({ type: "globals", globals: { toolInput: context.args } });
    },
    deliverResult(result) {
      channel.post({
        type: "globals",
        globals: {
          toolOutput: result.structuredContent ?? null,
          toolResponseMetadata: result._meta ?? null,
        },
      });
    },
    updateSettings(changed: Partial<HostSettings>) {
      const globals: Record<string, unknown> = {};
      for (const key of ["theme", "locale", "displayMode"] as const)
        if (key in changed) globals[key] = changed[key];
      // Fullscreen changes the height the widget may take, so maxHeight follows displayMode.
      if ("maxHeight" in changed || "displayMode" in changed)
        globals.maxHeight = effectiveMaxHeight(context.settings());
      if (Object.keys(globals).length) channel.post({ type: "globals", globals });
    },
    dispose: () => channel.dispose(),
  };
}
