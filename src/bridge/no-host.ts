/**
 * The "no host" mode: a page opened outside ChatGPT or an MCP Apps host (a preview, a test).
 * Globals are the defaults, widget state lives in memory, tool calls fail (hooks turn that into
 * a retryable ToolError) and nothing throws.
 */
import { IS_DEV } from "../core/is-dev.ts";
import { NO_CAPABILITIES } from "./capabilities.ts";
import { isHttpsUrl } from "../contract/text.ts";
import { createGlobalStore } from "./store.ts";
import type { Host } from "./types.ts";

/** Creates a host with the defaults and no way to reach a server. */
export function createNoHost(): Host {
  const store = createGlobalStore();
  const done = async () => {};
  return {
    kind: "none",
    capabilities: NO_CAPABILITIES,
    get: store.get,
    subscribe: store.subscribe,
    callTool: () =>
      Promise.reject(new Error(IS_DEV ? "No host to call the tool through." : "no host")),
    setWidgetState: async (state) => {
      store.set({ widgetState: state });
    },
    sendFollowUpMessage: done,
    openExternal: async (href) => {
      if (isHttpsUrl(href) && typeof window !== "undefined")
        window.open(href, "_blank", "noopener,noreferrer");
    },
    requestDisplayMode: async () => store.get("displayMode"),
    requestClose: done,
    notifyHeight: done,
    dispose: store.clear,
  };
}
