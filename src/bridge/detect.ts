/**
 * Which host is the widget in? `window.openai` present → ChatGPT: the openai adapter, and,
 * inside a frame, the standard MCP Apps bridge beside it, which takes over what the standard
 * covers once its handshake answers (ChatGPT implements MCP Apps; older ChatGPT and
 * `window.openai` emulators do not answer, and stay on `window.openai`). Inside an iframe
 * without `window.openai` → MCP Apps, if the `ui/initialize` handshake answers in time.
 * Otherwise the "no host" mode: defaults, memory-only widget state, failing tool calls, no throws.
 */
import { hostAdapters } from "./adapters.ts";
import { createNoHost } from "./no-host.ts";
import type { AppInfo, DetectHostOptions, Host } from "./types.ts";
export type { DetectHostOptions } from "./types.ts";

function currentWindow(win: Window | undefined): Window | undefined {
  return win ?? (typeof window === "undefined" ? undefined : window);
}

/** A window's `parent` is readable from any origin (the MCP Apps adapter reads it the same way). */
function inFrame(win: Window): boolean {
  return win.parent !== win;
}

/** Detects the host and resolves once it is known (after the MCP Apps handshake, if any). */
export async function detectHost(options: DetectHostOptions = {}): Promise<Host> {
  const win = currentWindow(options.win);
  if (!win) return createNoHost();
  const { openai: createOpenAIHost, mcpApps: createMcpAppsHost } = hostAdapters;
  const openai = createOpenAIHost?.(win);
  // Beside window.openai the standard bridge is not waited for: the first paint reads
  // window.openai at once, and the standard takes over when (if) it answers.
  if (openai)
    return createMcpAppsHost && inFrame(win)
      ? createMcpAppsHost({ ...options, win, extensions: openai })
      : openai;
  if (createMcpAppsHost && inFrame(win)) {
    const mcp = createMcpAppsHost({
      ...options,
      win,
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 1_500,
    });
    if (await mcp.ready) return mcp;
    mcp.dispose();
  }
  return createNoHost();
}

let defaultHost: Host | undefined;

/** Options of `getDefaultHost`; only the first call (which creates the host) uses them. */
export interface DefaultHostOptions {
  /** Your app's name and version, sent to MCP Apps hosts in `ui/initialize`. */
  readonly appInfo?: AppInfo;
}

/**
 * The host the widget runs in, created on first use and shared. Synchronous, so it can be
 * the default of `HostProvider`: in ChatGPT the openai adapter (with the standard bridge
 * beside it in a frame, as in `detectHost`); in a frame the MCP Apps
 * adapter, which shows the defaults until its handshake answers (and keeps them, failing
 * calls softly, if it never does); elsewhere the no-host mode.
 */
export function getDefaultHost(options: DefaultHostOptions = {}): Host {
  if (!defaultHost) {
    // The page's own window, read here: the widget ships getDefaultHost without detectHost,
    // and a call through currentWindow(undefined) cost it the helper too.
    const win = typeof window === "undefined" ? undefined : window;
    const { openai: createOpenAIHost, mcpApps: createMcpAppsHost } = hostAdapters;
    const openai = win && createOpenAIHost?.(win);
    defaultHost =
      win && createMcpAppsHost && inFrame(win)
        ? createMcpAppsHost({ win, appInfo: options.appInfo, extensions: openai })
        : openai || createNoHost();
  }
  return defaultHost;
}
