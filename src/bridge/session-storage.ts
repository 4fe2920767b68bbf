/**
 * Widget state for hosts without it (MCP Apps has none): kept in localStorage under the widget
 * session id when one is known, else in memory only. Storage may be missing or throw (a
 * sandboxed frame without same-origin); that degrades to memory, never to an error.
 */

/** Where a widget's state is stored, under which prefix. */
export const WIDGET_STATE_KEY_PREFIX = "mcp-widget-kit:state:";
/** State larger than this (UTF-16 units of JSON) is kept in memory only. */
export const MAX_PERSISTED_STATE = 64 * 1024;

function storage(win: Window): Storage | undefined {
  try {
    return win.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** The stored state of `sessionId`, or `undefined` when none (or unreadable). */
export function loadWidgetState(win: Window, sessionId: string): unknown {
  try {
    const text = storage(win)?.getItem(WIDGET_STATE_KEY_PREFIX + sessionId);
    return text == null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** Stores `state` for `sessionId`; false when it could not (no storage, too big, unserialisable). */
export function saveWidgetState(win: Window, sessionId: string, state: unknown): boolean {
  try {
    const text = JSON.stringify(state ?? null);
    const store = storage(win);
    if (!store || text.length > MAX_PERSISTED_STATE) return false;
    store.setItem(WIDGET_STATE_KEY_PREFIX + sessionId, text);
    return true;
  } catch {
    return false;
  }
}

/** The widget session id a tool result's `_meta` carries, if any. */
export function sessionIdFromMeta(
  meta: { readonly [key: string]: unknown } | null,
): string | undefined {
  const id = meta?.["openai/widgetSessionId"] ?? meta?.widgetSessionId;
  return typeof id === "string" && id.length > 0 && id.length <= 200 ? id : undefined;
}
