/**
 * The dev host's options: their own module, so the handler and the parts it wires (the
 * rebuild events) read one statement of them without importing each other.
 */
/** Options of `createDevHostHandler`. */
export interface DevHostOptions {
  /** Where the MCP endpoint is, relative to this server. Default `/mcp`. */
  readonly mcpPath?: string;
  /** The app's name, shown in the page title. */
  readonly appName?: string;
  /** Arguments to prefill the form with, per tool name. */
  readonly exampleArgs?: { readonly [tool: string]: { readonly [key: string]: unknown } };
  /**
   * The fault switch: the server's fault injection, as the page's switch sees it; without it
   * the page shows none. `get` and `set` may answer at once (an app's own faults) or later (the
   * faults of another process: `mcp-widget-kit dev` reaches its app server's switch).
   */
  readonly faults?: {
    /** The active fault spec, in the server's own syntax (e.g. the value of the app's faults variable). */
    get(): string | Promise<string>;
    /** Replaces the active faults for the next calls. Throw (or reject) to refuse a malformed spec. */
    set(spec: string): void | Promise<void>;
    /** Fault names the page offers as checkboxes; free text is always possible. */
    readonly known?: readonly string[];
  };
  /** Development mode; default `isDevelopment()` (`NODE_ENV` development or test). */
  readonly development?: boolean;
  /** The built page (`vite.devhost.config.ts` output). Default `<repo>/dist/devhost`. */
  readonly pageDir?: string;
  /**
   * Authorization servers the page signs in with (their issuer URLs): the page's CSP lets it
   * reach their origins for discovery, registration and the token exchange.
   */
  readonly authorizationServers?: readonly string[];
  /**
   * Widget rebuilds (`mcp-widget-kit dev` passes its watcher's): the open page reloads every
   * widget frame after each, keeping its tool input, output and widget state. Default, in
   * development: the rebuilds `mcp-widget-kit dev --app-page` announces to the server it
   * starts (the `MCP_WIDGET_KIT_WIDGET_BUILDS` variable); without either the page does not
   * listen for rebuilds.
   */
  readonly widgetBuilds?: {
    /** Calls `listener` after every successful rebuild; returns the unsubscribe. */
    subscribe(listener: () => void): () => void;
  };
}
