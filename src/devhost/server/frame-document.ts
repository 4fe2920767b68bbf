/**
 * Turns a widget's HTML, exactly as its MCP resource serves it, into the document the dev host
 * puts in the frame: the start-up data (a non-executable JSON block) and the bootstrap script
 * go first in `<head>`, so they run before any widget script; nothing else is changed.
 */
import { FRAME_BOOTSTRAP_SOURCE } from "../frame/bootstrap.ts";

/** JSON that is safe inside a `<script type="application/json">`: no `<` to end it early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The widget HTML with the dev host's start-up data and bootstrap injected first. */
export function frameDocument(widgetHtml: string, init: unknown): string {
  const injected =
    `<script type="application/json" id="devhost-init">${scriptSafeJson(init)}</script>` +
    `<script>${FRAME_BOOTSTRAP_SOURCE}</script>`;
  const head = /<head\b[^>]*>/i.exec(widgetHtml);
  if (head)
    return (
      widgetHtml.slice(0, head.index + head[0].length) +
      injected +
      widgetHtml.slice(head.index + head[0].length)
    );
  // No <head>: keep a doctype first (or the document falls into quirks mode), then inject.
  const doctype = /^\s*<!doctype[^>]*>/i.exec(widgetHtml);
  const at = doctype ? doctype[0].length : 0;
  return widgetHtml.slice(0, at) + injected + widgetHtml.slice(at);
}
