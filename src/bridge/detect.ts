/**
 * Which host is the widget in? `window.openai` present → ChatGPT (openai adapter). Inside
 * an iframe → MCP Apps, if the `ui/initialize` handshake answers in time. Otherwise the
 * "no host" mode: defaults, memory-only widget state, failing tool calls, no throws.
 */
import { createNoHost } from "./no-host.ts";
import { createOpenAIHost } from "./openai.ts";
import type { Host } from "./types.ts";

/** Options of `detectHost`. */
export interface DetectHostOptions {
  /** The window to inspect; `window` by default. */
  readonly win?: Window;
  /** How long the MCP Apps handshake may take, in ms (default 1500). */
  readonly handshakeTimeoutMs?: number;
}

/** Detects the host and resolves once it is known (after the MCP Apps handshake, if any). */
export async function detectHost(options: DetectHostOptions = {}): Promise<Host> {
  const win = options.win ?? (typeof window === "undefined" ? undefined : window);
  if (!win) return createNoHost();
  return createOpenAIHost(win) ?? createNoHost();
}

let defaultHost: Host | undefined;

/**
 * The host the widget runs in, created on first use and shared. Synchronous, so it can be
 * the default of `HostProvider`: in ChatGPT it is the openai adapter; elsewhere the no-host mode.
 */
export function getDefaultHost(): Host {
  if (!defaultHost) {
    const win = typeof window === "undefined" ? undefined : window;
    defaultHost = (win && createOpenAIHost(win)) || createNoHost();
  }
  return defaultHost;
}
