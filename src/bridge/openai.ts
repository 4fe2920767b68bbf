/**
 * The ChatGPT adapter over `window.openai`. Globals are read once at creation and then kept
 * up to date from the `openai:set_globals` event, whose `detail.globals` holds only the keys
 * that changed. Every optional method is feature-detected; every value is validated.
 */
import { IS_DEV } from "../core/is-dev.ts";
import { isHttpsUrl } from "../contract/text.ts";
import { hostToolResult } from "./call-result.ts";
import { isRecord } from "../core/is-record.ts";
import { GLOBAL_KEYS, isDisplayMode } from "./globals.ts";
import { toStructuredState } from "./private-state.ts";
import { createGlobalStore, type RawGlobals } from "./store.ts";
import type { DisplayMode, Host, HostCapabilities } from "./types.ts";

/** The event ChatGPT dispatches on `window` when globals change. */
export const SET_GLOBALS_EVENT = "openai:set_globals";

type Args = { readonly [key: string]: unknown };

/**
 * `window.openai` as ChatGPT provides it. Every member is optional here because a host may
 * lack any of them; the adapter checks each before use.
 */
export interface OpenAIGlobalsApi {
  readonly theme?: unknown;
  readonly userAgent?: unknown;
  readonly locale?: unknown;
  readonly maxHeight?: unknown;
  readonly displayMode?: unknown;
  readonly safeArea?: unknown;
  readonly view?: unknown;
  readonly toolInput?: unknown;
  readonly toolOutput?: unknown;
  readonly toolResponseMetadata?: unknown;
  readonly widgetState?: unknown;
  callTool?(name: string, args: Args): Promise<unknown>;
  setWidgetState?(state: unknown): Promise<void> | void;
  sendFollowUpMessage?(request: { prompt: string }): Promise<void> | void;
  openExternal?(request: { href: string }): Promise<void> | void;
  requestDisplayMode?(request: { mode: DisplayMode }): Promise<{ mode?: unknown } | void> | void;
  requestModal?(request: { params?: Args; template?: string }): Promise<unknown> | void;
  requestClose?(): Promise<void> | void;
  notifyIntrinsicHeight?(request: { height: number }): Promise<void> | void;
  uploadFile?(file: File): Promise<{ fileId: string }>;
  getFileDownloadUrl?(request: { fileId: string }): Promise<{ downloadUrl: string }>;
}

/** The detail of `openai:set_globals`. */
export interface SetGlobalsEventDetail {
  readonly globals: RawGlobals;
}

function has(api: OpenAIGlobalsApi, name: keyof OpenAIGlobalsApi): boolean {
  try {
    return typeof api[name] === "function";
  } catch {
    return false;
  }
}

/** The globals ChatGPT puts on `window.openai`. */
export const OPENAI_GLOBAL_KEYS = [
  "theme",
  "userAgent",
  "locale",
  "maxHeight",
  "displayMode",
  "safeArea",
  "view",
  "toolInput",
  "toolOutput",
  "toolResponseMetadata",
  "widgetState",
] as const satisfies ReadonlyArray<keyof OpenAIGlobalsApi>;

/**
 * Reads every global off `window.openai`, tolerating throwing getters. It walks every key the
 * kit knows (the store ignores what is absent), so the widget ships no second list of names.
 */
function snapshot(api: OpenAIGlobalsApi): RawGlobals {
  const raw: Record<string, unknown> = {};
  for (const key of GLOBAL_KEYS) {
    try {
      raw[key] = (api as Record<string, unknown>)[key];
    } catch {
      // a throwing getter reads as absent (the default)
    }
  }
  return raw;
}

/** Calls `fn` and turns a synchronous throw into a rejection (an executor's throw rejects). */
function attempt<T>(fn: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(fn()));
}

/** Creates the openai adapter over `win.openai`; `undefined` when there is none. */
export function createOpenAIHost(win: Window = window): Host | undefined {
  const api = (win as Window & { openai?: unknown }).openai as OpenAIGlobalsApi | undefined;
  if (typeof api !== "object" || api === null) return undefined;

  const store = createGlobalStore(snapshot(api));
  const onSetGlobals = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    // Only the changed keys arrive; a malformed event is ignored rather than re-reading all.
    if (isRecord(detail) && isRecord(detail.globals)) store.set(detail.globals);
  };
  win.addEventListener(SET_GLOBALS_EVENT, onSetGlobals);

  const capabilities: HostCapabilities = Object.freeze({
    callTool: has(api, "callTool"),
    widgetState: has(api, "setWidgetState"),
    sendFollowUpMessage: has(api, "sendFollowUpMessage"),
    openExternal: has(api, "openExternal"),
    requestDisplayMode: has(api, "requestDisplayMode"),
    requestClose: has(api, "requestClose"),
    requestModal: has(api, "requestModal"),
    notifyIntrinsicHeight: has(api, "notifyIntrinsicHeight"),
    updateModelContext: false,
  });
  const missing = (name: string) =>
    // The sentence is for a developer; the widget's bytes carry only a word.
    Promise.reject(new Error(IS_DEV ? `window.openai.${name} is not available.` : "unavailable"));

  const host: Host = {
    kind: "openai",
    capabilities,
    get: store.get,
    subscribe: store.subscribe,
    callTool: (name, args) =>
      capabilities.callTool
        ? attempt(() => api.callTool!(name, args)).then(hostToolResult)
        : missing("callTool"),
    setWidgetState(state) {
      store.set({ widgetState: state }); // reflect at once; the host echoes it later
      return capabilities.widgetState
        ? // The structured shape: what the model must not read goes in `privateContent`.
          attempt(() => api.setWidgetState!(toStructuredState(state)))
        : Promise.resolve();
    },
    sendFollowUpMessage: (prompt) =>
      capabilities.sendFollowUpMessage
        ? attempt(() => api.sendFollowUpMessage!({ prompt }))
        : missing("sendFollowUpMessage"),
    openExternal(href) {
      if (!isHttpsUrl(href))
        return Promise.reject(new Error(IS_DEV ? "Only https links can be opened." : "https only"));
      if (capabilities.openExternal) return attempt(() => api.openExternal!({ href }));
      win.open(href, "_blank", "noopener,noreferrer");
      return Promise.resolve();
    },
    async requestDisplayMode(mode) {
      if (!capabilities.requestDisplayMode) return store.get("displayMode");
      const granted = await attempt(() => api.requestDisplayMode!({ mode }));
      if (isRecord(granted) && isDisplayMode(granted.mode)) return granted.mode;
      return store.get("displayMode");
    },
    requestClose: () =>
      capabilities.requestClose ? attempt(() => api.requestClose!()) : missing("requestClose"),
    notifyHeight(height) {
      if (!capabilities.notifyIntrinsicHeight || !Number.isFinite(height) || height < 0) return;
      attempt(() => api.notifyIntrinsicHeight!({ height: Math.ceil(height) })).catch(() => {});
    },
    dispose() {
      win.removeEventListener(SET_GLOBALS_EVENT, onSetGlobals);
      store.clear();
    },
  };
  if (capabilities.requestModal)
    host.requestModal = (request) =>
      attempt(() => api.requestModal!(request)).then(() => undefined);
  return host;
}
