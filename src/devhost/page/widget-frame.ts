/**
 * Puts a tool's widget on the page the way a host does: read the template over MCP
 * (`resources/read`), have the server serve it from its own URL with the resource's CSP as a
 * real header (plus the bootstrap's hash) and `sandbox allow-scripts`, load it in a
 * `sandbox="allow-scripts"` iframe (opaque origin), and start the chosen protocol's host.
 */
import type { ReadResourceResult } from "@modelcontextprotocol/client";
import { h } from "./dom.ts";
import type { McpConnection } from "./mcp-connection.ts";
import { openaiGlobals, startOpenAiSession } from "./openai-session.ts";
import { startMcpAppsSession } from "./mcp-apps-session.ts";
import type { CallToolResult } from "@modelcontextprotocol/client";
import type { WidgetSession, WidgetSessionContext } from "./widget-session.ts";
import { loadFrameStorage } from "./widget-state-store.ts";

/** A mounted widget frame. */
export interface MountedWidget {
  readonly frame: HTMLIFrameElement;
  readonly session: WidgetSession;
  /** The CSP the frame is served under (shown on the page for the developer). */
  readonly csp: string;
}

const HTML_TYPES = ["text/html", "text/html+skybridge", "text/html;profile=mcp-app"];

function decodeBase64Utf8(blob: string): string {
  const bytes = Uint8Array.from(atob(blob), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The HTML and `_meta` of the first HTML content of a `resources/read` result. */
export function widgetHtml(read: ReadResourceResult): { html: string; meta: unknown } {
  for (const content of read.contents) {
    const type = (content.mimeType ?? "").replace(/\s+/g, "").toLowerCase();
    if (!HTML_TYPES.some((t) => type.startsWith(t))) continue;
    if ("text" in content && typeof content.text === "string")
      return { html: content.text, meta: content._meta };
    if ("blob" in content && typeof content.blob === "string")
      return { html: decodeBase64Utf8(content.blob), meta: content._meta };
  }
  throw new Error("the resource has no HTML content");
}

async function registerFrame(
  html: string,
  meta: unknown,
  init: unknown,
): Promise<{ url: string; csp: string; rejectedOrigins: string[] }> {
  const response = await fetch("/devhost/frames", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ html, meta, init }),
  });
  if (!response.ok) throw new Error(`the server refused the frame (${response.status})`);
  return (await response.json()) as { url: string; csp: string; rejectedOrigins: string[] };
}

let frameCounter = 0;

/** Reads the template, registers the frame, mounts it in `slot` and starts its host. */
export async function mountWidget(
  connection: McpConnection,
  templateUri: string,
  slot: HTMLElement,
  context: Omit<WidgetSessionContext, "frame">,
  result: CallToolResult | undefined,
): Promise<MountedWidget> {
  const { html, meta } = widgetHtml(await connection.readResource(templateUri));
  const protocol = context.settings().protocol;
  const frameId = `widget-${++frameCounter}`;
  const init = {
    protocol,
    frameId,
    parentOrigin: window.location.origin,
    storage: loadFrameStorage(context.widgetKey),
    ...(protocol === "openai" ? { globals: openaiGlobals(context, result) } : {}),
    // ChatGPT's payment sheet, an extension of window.openai: only where the setting offers it.
    ...(protocol === "openai" && context.settings().checkout === "sheet" ? { checkout: true } : {}),
  };
  const registered = await registerFrame(html, meta, init);
  for (const origin of registered.rejectedOrigins)
    context.event({ kind: "notice", text: `CSP origin refused: ${origin}` });
  const frame = h("iframe", {
    sandbox: "allow-scripts",
    title: `Widget for ${context.toolName}`,
    "data-protocol": protocol,
    "data-frame-id": frameId,
    referrerpolicy: "no-referrer",
  });
  slot.replaceChildren(frame);
  // The session listens before the frame loads, so the widget's first message is not lost.
  const fullContext: WidgetSessionContext = { ...context, frame };
  const session =
    protocol === "openai" ? startOpenAiSession(fullContext) : startMcpAppsSession(fullContext);
  frame.src = registered.url;
  return { frame, session, csp: registered.csp };
}
