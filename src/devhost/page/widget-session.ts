/** What a protocol host (openai relay or MCP Apps bridge) needs from the page, and gives back. */
import type { CallToolResult, Tool } from "@modelcontextprotocol/client";
import type { HostEvent } from "./call-log.ts";
import type { FrameChannelHandlers } from "./frame-channel.ts";
import type { DisplayMode, HostSettings } from "./settings.ts";
import { saveFrameStorage } from "./widget-state-store.ts";

/** The page services one widget frame's host uses. */
export interface WidgetSessionContext {
  readonly frame: HTMLIFrameElement;
  readonly toolName: string;
  readonly tool: Tool | undefined;
  readonly args: Record<string, unknown>;
  /** The widget key (tool call) its state is stored under. */
  readonly widgetKey: string;
  /**
   * The tool waits for the person's approval (ChatGPT mode, approval on, a tool that is not
   * read-only): the widget gets `toolInput: null` until the session's `deliverInput`.
   */
  readonly inputGated: boolean;
  settings(): HostSettings;
  /** Calls a tool of the real server for the widget, logged as a widget call. */
  callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  event(event: HostEvent): void;
  /** Grants a display mode (the page applies it to every widget) and returns it. */
  requestDisplayMode(mode: DisplayMode): DisplayMode;
  /** Shows a message the widget sent into the conversation. */
  followUp(text: string): void;
  /** Sizes the frame to the widget's content. */
  setHeight(height: number): void;
  /** The widget's `ui/update-model-context` (untrusted params): what the model now sees. */
  modelContext(update: unknown): void;
}

/** The host side of one widget frame. */
export interface WidgetSession {
  /** Delivers the tool input held back for approval (a no-op when it was not held back). */
  deliverInput(): void;
  /** Delivers the tool's result (may come after the frame loaded: "toolOutput late"). */
  deliverResult(result: CallToolResult): void;
  /** Tells the widget which settings changed. */
  updateSettings(changed: Partial<HostSettings>): void;
  dispose(): void;
}

/** Opens a link the way a host does: https only, in a new tab, with no opener. */
export function openHttpsLink(href: unknown, event: (e: HostEvent) => void): boolean {
  let url: URL | undefined;
  try {
    url = typeof href === "string" ? new URL(href) : undefined;
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== "https:") {
    event({ kind: "open-link", text: `refused a non-https link: ${String(href).slice(0, 120)}` });
    return false;
  }
  event({ kind: "open-link", text: url.href });
  window.open(url.href, "_blank", "noopener,noreferrer");
  return true;
}

/** Frame-channel handlers both protocols share: CSP violations, errors, and frame storage. */
export function commonFrameHandlers(
  context: WidgetSessionContext,
): Pick<FrameChannelHandlers, "onCspViolation" | "onFrameError" | "onStorage"> {
  return {
    onCspViolation: (text) => context.event({ kind: "csp-violation", text }),
    onFrameError: (text) => context.event({ kind: "frame-error", text }),
    onStorage(items) {
      if (!saveFrameStorage(context.widgetKey, items))
        context.event({
          kind: "notice",
          text: "frame storage not kept (not strings, or over the size limit)",
        });
    },
  };
}
