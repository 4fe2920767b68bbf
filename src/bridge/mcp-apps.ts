/**
 * The MCP Apps adapter: JSON-RPC 2.0 over `postMessage` with the host frame, spoken directly
 * (the official `App` class weighs more than React). `ui/initialize` → host context, then
 * `ui/notifications/initialized`; tool input/result, cancellation and context changes arrive
 * as notifications; actions are requests. MCP Apps has no widget state: it is kept per widget
 * session in localStorage (see session-storage.ts).
 */
import { IS_DEV } from "../core/is-dev.ts";
import { isHttpsUrl } from "../contract/text.ts";
import { hostToolResult, normalizeCallToolResult } from "./call-result.ts";
import { NO_CAPABILITIES } from "./capabilities.ts";
import { isRecord } from "../core/is-record.ts";
import { createRpcPeer, METHOD_NOT_FOUND, RpcError } from "./json-rpc.ts";
import { globalsFromHostContext } from "./mcp-host-context.ts";
import { loadWidgetState, saveWidgetState, sessionIdFromMeta } from "./session-storage.ts";
import { DEFAULT_GLOBALS, DISPLAY_MODES, isDisplayMode } from "./globals.ts";
import { createGlobalStore } from "./store.ts";
import type { DisplayMode, Host, HostCapabilities } from "./types.ts";
import type { DetectHostOptions } from "./types.ts";

/** The MCP Apps protocol version this adapter speaks. */
export const MCP_APPS_PROTOCOL_VERSION = "2026-01-26";

type Params = { readonly [key: string]: unknown };

/** Options of `createMcpAppsHost`. */
export interface McpAppsHostOptions extends DetectHostOptions {
  /** How long `ui/initialize` may take, in ms (default 10 000 here; 1500 through `detectHost`). */
  readonly handshakeTimeoutMs?: number;
  /**
   * ChatGPT's own bridge (the openai adapter over `window.openai`), where it exists beside
   * the standard one. Until the handshake answers — and for good if it never does — the host
   * is that bridge, unchanged. Once it answers, tool I/O, calls, messages, display mode and
   * model context go over `ui/*`; widget state, links, modals, closing, height and ChatGPT's
   * other globals stay with `window.openai`.
   */
  readonly extensions?: Host;
}

/** The MCP Apps host: a `Host` plus whether the handshake succeeded. */
export interface McpAppsHost extends Host {
  /** Resolves `true` once the host answered `ui/initialize`, `false` if it did not in time. */
  readonly ready: Promise<boolean>;
  /** The host's `hostInfo` after the handshake. */
  readonly hostInfo: { readonly name?: unknown; readonly version?: unknown } | undefined;
}

/** The host context's `availableDisplayModes` names fullscreen (the spec's opt-in list). */
function listsFullscreen(context: unknown): boolean {
  const modes = isRecord(context) ? context.availableDisplayModes : undefined;
  return Array.isArray(modes) && modes.includes("fullscreen");
}

/** Creates the adapter and starts the handshake at once. */
export function createMcpAppsHost(options: McpAppsHostOptions = {}): McpAppsHost {
  const win = options.win ?? window;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  const store = createGlobalStore();
  let context: Params = {};
  let capabilities: HostCapabilities = NO_CAPABILITIES;
  let hostInfo: McpAppsHost["hostInfo"];
  let sessionId = options.sessionId;
  let inputComplete = false;
  const ext = options.extensions;

  if (sessionId) store.set({ widgetState: loadWidgetState(win, sessionId) });

  /** A session id learned late adopts the stored state, or stores what is in memory. */
  const adoptSession = (id: string | undefined) => {
    if (!id || id === sessionId) return;
    sessionId = id;
    const stored = loadWidgetState(win, id);
    if (stored !== undefined) store.set({ widgetState: stored });
    else if (store.get("widgetState") !== null) saveWidgetState(win, id, store.get("widgetState"));
  };

  const applyContext = (patch: Params) => {
    context = { ...context, ...patch };
    store.set(globalsFromHostContext(patch, context));
  };

  const onNotification = (method: string, params: Params) => {
    switch (method) {
      case "ui/notifications/tool-input":
        inputComplete = true;
        store.set({ toolInput: params.arguments });
        break;
      case "ui/notifications/tool-input-partial":
        // Streaming arguments preview the input until the complete one arrives.
        if (!inputComplete) store.set({ toolInput: params.arguments });
        break;
      case "ui/notifications/tool-result": {
        const result = normalizeCallToolResult(params);
        // A delivered result without structuredContent must not look like "still loading"
        // (null): an empty object is what it is — nothing the contract understands (invalid).
        const toolOutput = result.structuredContent ?? {};
        store.set({ toolOutput, toolResponseMetadata: result.meta, toolCancelled: false });
        // Beside window.openai, widget state is ChatGPT's to keep.
        if (!ext) adoptSession(sessionIdFromMeta(store.get("toolResponseMetadata")));
        break;
      }
      case "ui/notifications/tool-cancelled":
        store.set({ toolCancelled: true });
        break;
      case "ui/notifications/host-context-changed":
        applyContext(params);
        break;
      default:
      // unknown notifications are ignored (forward compatibility)
    }
  };

  const onRequest = (method: string): unknown => {
    if (method === "ping") return {};
    if (method === "ui/resource-teardown") {
      if (sessionId) saveWidgetState(win, sessionId, store.get("widgetState"));
      return {};
    }
    throw new RpcError(METHOD_NOT_FOUND, "Method not found");
  };

  const inFrame = win.parent !== win;
  const peer = createRpcPeer(win, { onRequest, onNotification });

  const handshake = async (): Promise<boolean> => {
    if (!inFrame) return false;
    try {
      const result = await peer.request(
        "ui/initialize",
        {
          // `||`: a caller passes its own `appInfo` through, given or not (getDefaultHost).
          appInfo: options.appInfo || { name: "mcp-widget-kit", version: "0" },
          appCapabilities: { availableDisplayModes: DISPLAY_MODES },
          protocolVersion: MCP_APPS_PROTOCOL_VERSION,
        },
        options.handshakeTimeoutMs ?? 10_000,
      );
      if (!isRecord(result)) return false;
      const caps = isRecord(result.hostCapabilities) ? result.hostCapabilities : {};
      hostInfo = isRecord(result.hostInfo) ? result.hostInfo : undefined;
      // Every capability named (the type checks that none is missing). Beside window.openai,
      // its extensions keep their own answers; what goes over ui/* is the standard's.
      capabilities = Object.freeze({
        widgetState: true, // persisted by this adapter
        openExternal: "openLinks" in caps,
        requestClose: true,
        requestModal: false,
        notifyIntrinsicHeight: true,
        ...ext?.capabilities,
        callTool: "serverTools" in caps,
        sendFollowUpMessage: "message" in caps,
        // Only a host that lists fullscreen gets an Expand action (ItemList).
        requestDisplayMode: listsFullscreen(result.hostContext),
        updateModelContext: "updateModelContext" in caps,
      });
      if (isRecord(result.hostContext)) applyContext(result.hostContext);
      peer.notify("ui/notifications/initialized");
      return true;
    } catch {
      return false;
    }
  };
  const ready = handshake();

  /** Resolves once the handshake answered; a failed handshake rejects. */
  const answered = async () => {
    if (!(await ready)) throw new Error(IS_DEV ? "No MCP Apps host answered." : "no host");
  };
  /** Sends a request once the handshake answered. */
  const request = async (method: string, params: Params, timeoutMs = requestTimeout) => {
    await answered();
    return peer.request(method, params, timeoutMs);
  };
  /** Requests whose result may say `isError: true` (open-link, message). */
  const act = async (method: string, params: Params) => {
    const result = await request(method, params);
    if (isRecord(result) && result.isError === true)
      throw new Error(IS_DEV ? `${method} was refused.` : "refused");
  };

  const std: McpAppsHost = {
    kind: "mcp-apps",
    get capabilities() {
      return capabilities;
    },
    get hostInfo() {
      return hostInfo;
    },
    ready,
    get: store.get,
    subscribe: store.subscribe,
    callTool: async (name, args) =>
      hostToolResult(
        await request(
          "tools/call",
          { name, arguments: args },
          options.toolCallTimeoutMs ?? 120_000,
        ),
      ),
    async setWidgetState(state) {
      store.set({ widgetState: state });
      if (sessionId) saveWidgetState(win, sessionId, state);
    },
    sendFollowUpMessage: (prompt) =>
      act("ui/message", { role: "user", content: [{ type: "text", text: prompt }] }),
    openExternal: (href) =>
      isHttpsUrl(href)
        ? act("ui/open-link", { url: href })
        : Promise.reject(new Error(IS_DEV ? "Only https links can be opened." : "https only")),
    async requestDisplayMode(mode: DisplayMode) {
      const result = await request("ui/request-display-mode", { mode });
      const granted = isRecord(result) && isDisplayMode(result.mode) ? result.mode : undefined;
      if (granted) store.set({ displayMode: granted });
      return store.get("displayMode");
    },
    async requestClose() {
      await answered();
      peer.notify("ui/notifications/request-teardown");
    },
    async updateModelContext(update) {
      await request("ui/update-model-context", update as Params);
    },
    // An unchanged height is not sent again: useAutoHeight already reports only changes.
    notifyHeight(height) {
      if (Number.isFinite(height) && height >= 0)
        void ready.then(
          (ok) => ok && peer.notify("ui/notifications/size-changed", { height: Math.ceil(height) }),
        );
    },
    dispose() {
      peer.dispose();
      store.clear();
    },
  };
  // The handshake answered once its capabilities are in: before its host context applies, so
  // readers of that see the standard too.
  return ext ? standardFirst(std, ext, () => capabilities !== NO_CAPABILITIES) : std;
}

/**
 * Keys the standard bridge serves once it answered: tool I/O, display mode and the host's
 * design tokens. Everything else is a `window.openai` global.
 */
const SERVED_BY_STANDARD = /^(tool|displayMode|styleVariables)/;

/**
 * The host where both bridges exist (ChatGPT): `window.openai` until the standard one
 * answered, then `ui/*` for what the standard covers. A standard global reads the
 * `window.openai` value until the standard bridge delivered its own (its store still holds
 * the default's identity), so the first paint from `window.openai.toolOutput` never flips
 * back to loading.
 */
function standardFirst(std: McpAppsHost, ext: Host, answered: () => boolean): McpAppsHost {
  const via = () => (answered() ? std : ext);
  return {
    ...ext,
    get capabilities() {
      return via().capabilities;
    },
    get hostInfo() {
      return std.hostInfo;
    },
    ready: std.ready,
    get(key) {
      const own = std.get(key);
      return answered() && SERVED_BY_STANDARD.test(key) && own !== DEFAULT_GLOBALS[key]
        ? own
        : ext.get(key);
    },
    subscribe(key, listener) {
      const fromStandard = std.subscribe(key, listener);
      const fromOpenAI = ext.subscribe(key, listener);
      return () => {
        fromStandard();
        fromOpenAI();
      };
    },
    callTool: (name, args) => via().callTool(name, args),
    sendFollowUpMessage: (prompt) => via().sendFollowUpMessage(prompt),
    requestDisplayMode: (mode) => via().requestDisplayMode(mode),
    updateModelContext: std.updateModelContext,
    dispose() {
      std.dispose();
      ext.dispose();
    },
  };
}
