/**
 * A tool's `_meta` for both widget hosts, so an app does not hand-write the key names:
 * ChatGPT (Apps SDK) reads `openai/*`, MCP Apps hosts read `ui.resourceUri` (and older ones
 * the flat `ui/resourceUri`).
 */

/** The widget's two resources, as a server registers them from the build manifest. */
export interface WidgetUris {
  /** The `text/html+skybridge` resource (`openai/outputTemplate`). */
  skybridge: string;
  /** The `text/html;profile=mcp-app` twin (`ui.resourceUri`). */
  mcpApp: string;
}

/**
 * The `_meta` of a tool that renders the widget. `widgetAccessible` (default `true`) lets the
 * widget call tools itself (`openai/widgetAccessible`).
 */
export function widgetToolMeta(
  uris: WidgetUris,
  texts: {
    /** What ChatGPT shows while the tool runs, e.g. "Searching…". */
    invoking: string;
    /** What it shows once the tool is done, e.g. "Found". */
    invoked: string;
  },
  options: { widgetAccessible?: boolean } = {},
): { [key: string]: unknown } {
  return {
    "openai/outputTemplate": uris.skybridge,
    ui: { resourceUri: uris.mcpApp },
    "ui/resourceUri": uris.mcpApp,
    "openai/toolInvocation/invoking": texts.invoking,
    "openai/toolInvocation/invoked": texts.invoked,
    "openai/widgetAccessible": options.widgetAccessible ?? true,
  };
}
