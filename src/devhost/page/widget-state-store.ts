/**
 * Widget state, kept per widget the way ChatGPT keeps it per message: the key is the tool call
 * that created the widget (tool name + canonical arguments), so reloading the page — or opening
 * the same link — gives the widget back the state it saved.
 */
const PREFIX = "devhost:widget-state:";

/** JSON with object keys sorted, so equal arguments give equal keys. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The widget key of a tool call. */
export function widgetKey(tool: string, args: unknown): string {
  return `${tool}:${canonicalJson(args)}`;
}

/** The saved state of a widget, or `null`. */
export function loadWidgetState(key: string): unknown {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Saves a widget's state; `false` when it cannot be stored (not JSON, or storage full). */
export function saveWidgetState(key: string, state: unknown): boolean {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(state ?? null));
    return true;
  } catch {
    return false;
  }
}

/** Forgets every widget's state (the "clear" button). */
export function clearWidgetStates(): void {
  for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
}
