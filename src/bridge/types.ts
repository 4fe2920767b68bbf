/**
 * The one interface every host adapter implements (ChatGPT's `window.openai`, MCP Apps over
 * `postMessage`, the mock, and "no host"). Framework-free: hooks are a thin layer over it.
 */

/**
 * Every global a widget can read. Values are already validated: a host that sends
 * `theme: "purple"` or `maxHeight: "-1"` yields the defaults (`DEFAULT_GLOBALS`).
 */
export interface HostGlobals {
  /** The colour scheme (`useTheme()`): `light`, also for anything else a host sends, or `dark`. */
  readonly theme: "light" | "dark";
  /** What the host says about the device the widget runs on. */
  readonly userAgent: {
    /** The kind of device (`unknown` when the host does not say). */
    readonly device: { readonly type: "mobile" | "tablet" | "desktop" | "unknown" };
    /** Whether the pointer can hover and whether the screen is touched. */
    readonly capabilities: { readonly hover: boolean; readonly touch: boolean };
  };
  /** BCP 47, e.g. `en-US`; `en` when the host gives none or an invalid tag. */
  readonly locale: string;
  /** The most height the host lets the widget take, in px; `undefined` = no limit given. */
  readonly maxHeight: number | undefined;
  /** How the host shows the widget now (`inline` by default). */
  readonly displayMode: "inline" | "pip" | "fullscreen";
  /** Insets the widget must keep clear (notches, host chrome), in CSS pixels; all 0 by default. */
  readonly safeArea: {
    /** Space to leave free on each side. */
    readonly insets: {
      readonly top: number;
      readonly bottom: number;
      readonly left: number;
      readonly right: number;
    };
  };
  /** Which view the host shows the widget in (ChatGPT: `inline`, the default, or a `modal` it opened). */
  readonly view: {
    /** `modal`: the instance the widget opened with `requestModal`. */
    readonly mode: "inline" | "modal";
    /** The `params` the modal was opened with (untrusted). */
    readonly params?: { readonly [key: string]: unknown };
  };
  /**
   * The arguments the tool was called with; `null` until the host delivers them (an
   * approval-gated call has none until the person approves it: the widget is `loading`).
   */
  readonly toolInput: { readonly [key: string]: unknown } | null;
  /** The tool's `structuredContent`; `null` until the host delivers it (that is `loading`). */
  readonly toolOutput: unknown;
  /** The tool result's `_meta`, read from the flat and the envelope shapes. */
  readonly toolResponseMetadata: { readonly [key: string]: unknown } | null;
  /** What the widget persisted with `setWidgetState`; `null` when nothing was stored. */
  readonly widgetState: unknown;
  /**
   * The host's design tokens as CSS custom properties (`--color-text-primary` → value),
   * from MCP Apps `styles.variables`; `{}` elsewhere. Names and values are sanitised.
   */
  readonly styleVariables: { readonly [cssVariable: string]: string };
  /** True once the host said the tool call was cancelled (MCP Apps `tool-cancelled`). */
  readonly toolCancelled: boolean;
}

/** A tool result, normalised across hosts and the legacy `{ result: string }` shape. */
export interface CallToolResult {
  /** The result's `structuredContent` (untrusted: parse it with the contract). */
  readonly structuredContent: unknown;
  /** The result's content blocks, text for the model mostly (`[]` when none). */
  readonly content: readonly {
    /** `text`, `image`, `resource`, … as the host sent it. */
    readonly type: string;
    /** The text of a `text` block. */
    readonly text?: string;
    /** Whatever else the block carries (untrusted). */
    readonly [key: string]: unknown;
  }[];
  /** The tool reported a failure (MCP `isError`); the envelope says which. */
  readonly isError: boolean;
  /** The result's `_meta` (`{}` when none). */
  readonly meta: { readonly [key: string]: unknown };
}

/** What this host really supports; optional members are feature-detected, never assumed. */
export interface HostCapabilities {
  /** Tool calls reach the app's server. */
  readonly callTool: boolean;
  /** Widget state persists through the host (else it lives in memory only). */
  readonly widgetState: boolean;
  /** `sendFollowUpMessage` posts into the conversation. */
  readonly sendFollowUpMessage: boolean;
  /** `openExternal` opens links. */
  readonly openExternal: boolean;
  /** `requestDisplayMode` can change the display mode. */
  readonly requestDisplayMode: boolean;
  /** `requestClose` can close the widget. */
  readonly requestClose: boolean;
  /** `requestModal` exists. */
  readonly requestModal: boolean;
  /** The host wants the widget's height (`notifyHeight`). */
  readonly notifyIntrinsicHeight: boolean;
  /** `updateModelContext` exists. */
  readonly updateModelContext: boolean;
}

/**
 * Who the widget is, as a host sees it: MCP Apps hosts receive it in `ui/initialize`. Pass
 * your app's own name and version (`mountWidget`, `HostProvider appInfo`).
 */
export interface AppInfo {
  /** The app's name, e.g. its package name. */
  readonly name: string;
  /** The app's version. */
  readonly version: string;
}

/** The host as the widget sees it: read a global, subscribe to one key, act. */
export interface Host {
  /** The protocol this host speaks. */
  readonly kind: "openai" | "mcp-apps" | "mock" | "none";
  /** What it supports (feature-detected). */
  readonly capabilities: HostCapabilities;
  /** The current, validated value of one global. Stable identity until it changes. */
  get<K extends keyof HostGlobals>(key: K): HostGlobals[K];
  /** Calls `listener` when `key` changes, and only then. Returns the unsubscribe. */
  subscribe(key: keyof HostGlobals, listener: () => void): () => void;
  /** Calls a tool of the app's server. May reject; hooks turn that into a ToolError. */
  callTool(name: string, args: { readonly [key: string]: unknown }): Promise<CallToolResult>;
  /** Persists widget state (per widget instance); `widgetState` reflects it at once. */
  setWidgetState(state: unknown): Promise<void>;
  /** Sends a message into the conversation as if the person typed it. */
  sendFollowUpMessage(prompt: string): Promise<void>;
  /** Opens an https link through the host (never a raw navigation). */
  openExternal(href: string): Promise<void>;
  /** Asks for another display mode; resolves to the mode granted. */
  requestDisplayMode(mode: HostGlobals["displayMode"]): Promise<HostGlobals["displayMode"]>;
  /** Asks the host to close the widget, where supported. */
  requestClose(): Promise<void>;
  /**
   * Asks the host to open the widget in a modal it owns (ChatGPT `requestModal`); absent
   * where unsupported. The modal instance reads `params` from the `view` global.
   */
  requestModal?(request: {
    readonly params?: { readonly [key: string]: unknown };
    readonly template?: string;
  }): Promise<void>;
  /**
   * Tells the model about the widget's state without a chat message (MCP Apps
   * `ui/update-model-context`); absent where unsupported.
   */
  updateModelContext?(context: {
    readonly content?: CallToolResult["content"];
    readonly structuredContent?: { readonly [key: string]: unknown };
  }): Promise<void>;
  /** Reports the widget's content height in px, where the host wants it. */
  notifyHeight(height: number): void;
  /** Removes listeners; the host is unusable afterwards. */
  dispose(): void;
}

// Kit-internal names for parts of the public types above (not exported by the entry: an app
// writes `HostGlobals["theme"]`, `keyof HostGlobals`, …).
/** The host's colour scheme. */
export type Theme = HostGlobals["theme"];
/** How the host shows the widget. */
export type DisplayMode = HostGlobals["displayMode"];
/** Insets the widget must keep clear. */
export type SafeArea = HostGlobals["safeArea"];
/** What the host says about the device. */
export type UserAgent = HostGlobals["userAgent"];
/** Which view the host shows the widget in. */
export type HostView = HostGlobals["view"];
/** A key of `HostGlobals`. */
export type GlobalKey = keyof HostGlobals;
/** One content block of a tool result. */
export type ContentBlock = CallToolResult["content"][number];

/** Options of `detectHost` (and of the MCP Apps adapter it may create). */
export interface DetectHostOptions {
  /** The widget's window (its `parent` is the host); `window` by default. */
  readonly win?: Window;
  /** Sent as `appInfo` in `ui/initialize`: your app's name and version (default `mcp-widget-kit`/`0`). */
  readonly appInfo?: AppInfo;
  /** How long the MCP Apps handshake may take before "no host" is assumed, in ms (default 1500). */
  readonly handshakeTimeoutMs?: number;
  /** How long any other MCP Apps request may take, in ms (default 30 000). */
  readonly requestTimeoutMs?: number;
  /** How long an MCP Apps tool call may take, in ms (default 120 000). */
  readonly toolCallTimeoutMs?: number;
  /** A widget session id to persist widget state under, if the app knows one. */
  readonly sessionId?: string;
}
