/**
 * Who may call a tool, as hosts decide it from `tools/list`: MCP Apps' `_meta.ui.visibility`
 * (`["model", "app"]` when absent) and ChatGPT's `_meta["openai/visibility"]` ("private":
 * hidden from the model, callable by the widget). The local host's model side — the tool form,
 * a link's call — lists and runs only what the model may call; the widget's calls go through
 * only for tools an app may call. A tool either form hides is hidden.
 */
import type { Tool } from "@modelcontextprotocol/client";
import { isRecord } from "../../core/is-record.ts";

/** Which side makes a call: the model (the page's form or a link) or the app (the widget). */
export type CallSide = "model" | "app";

function visibility(tool: Tool): readonly unknown[] | undefined {
  const ui = isRecord(tool._meta) ? tool._meta.ui : undefined;
  return isRecord(ui) && Array.isArray(ui.visibility) ? ui.visibility : undefined;
}

/** The side of a call-log source: the page's form is the model, the widget is the app. */
export function sideOf(source: "page" | "widget"): CallSide {
  return source === "page" ? "model" : "app";
}

/** True when `side` may call `tool`. */
export function mayCall(tool: Tool, side: CallSide): boolean {
  const listed = visibility(tool);
  if (listed && !listed.includes(side)) return false;
  return !(
    side === "model" &&
    isRecord(tool._meta) &&
    tool._meta["openai/visibility"] === "private"
  );
}

/** Why the host refuses a call, in the words a host's refusal would use. */
export function refusalOf(name: string, side: CallSide): string {
  return side === "model"
    ? `${name} is app-only (visibility "app" / openai/visibility "private"): hosts do not list it to the model, and the model cannot call it; the widget calls it when the person confirms.`
    : `${name} is not callable by the app (its visibility does not include "app").`;
}
