/**
 * Which host the hooks talk to. Without a provider (or without a `host` prop) the hooks use
 * the detected default host, so a widget renders with defaults even outside any host.
 */
import { createContext, useContext, type ReactNode } from "react";
import { getDefaultHost } from "../bridge/detect.ts";
import type { AppInfo, Host } from "../bridge/types.ts";
import { IS_DEV, type DevNamed } from "../core/is-dev.ts";

const HostContext = createContext<Host | null>(null);
if (IS_DEV) (HostContext as DevNamed).displayName = "HostContext";

/** Makes `host` (or the detected default host) the one every hook below reads. */
export function HostProvider({
  host,
  appInfo,
  children,
}: {
  /** The host to use (a mock in tests and stories); the detected host by default. */
  readonly host?: Host;
  /**
   * Your app's name and version, which MCP Apps hosts see in `ui/initialize` (default
   * `mcp-widget-kit`/`0`). Used when the provider creates the detected host (no `host` prop).
   */
  readonly appInfo?: AppInfo;
  /** The widget, which reads the host through the hooks. */
  readonly children?: ReactNode;
}) {
  // `||` and a plain pass-through: an absent or empty prop means the default, as it always did.
  const value = host || getDefaultHost({ appInfo });
  return <HostContext.Provider value={value}>{children}</HostContext.Provider>;
}
if (IS_DEV) (HostProvider as DevNamed).displayName = "HostProvider";

/** The current host: the provider's, or the detected default one. Never throws. */
export function useHost(): Host {
  return useContext(HostContext) ?? getDefaultHost();
}
