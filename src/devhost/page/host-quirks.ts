/**
 * Hosts we did not write, played on purpose: the page can answer a widget's tool call the way
 * a known host does, so an app sees what its widget does there before a person does. Today one
 * quirk: MCPJam's inspector (window.openai form) returns a widget's `callTool` result with
 * `_meta: null` — a confirmation proof in it never reaches the widget. (Played by leaving
 * `_meta` out: what the widget can tell from either is the same, no proof.)
 */
import type { CallToolResult } from "@modelcontextprotocol/client";

/** What the page does to a widget call's result `_meta`: pass it on, or drop it. */
export type ResultMeta = "keep" | "drop";
export const RESULT_METAS: readonly ResultMeta[] = ["keep", "drop"];

/**
 * The result as the widget gets it: unchanged, except that with `drop` a widget's own call
 * loses its `_meta` (the model's calls are never touched: their results reach the widget
 * through the host's globals, as in that host).
 */
export function asHostReturns(
  result: CallToolResult,
  source: "page" | "widget",
  resultMeta: ResultMeta,
): CallToolResult {
  if (source !== "widget" || resultMeta !== "drop") return result;
  const { _meta: _dropped, ...rest } = result;
  return rest;
}
