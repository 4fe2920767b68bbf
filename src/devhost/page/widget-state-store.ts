/**
 * Widget state, kept per widget the way ChatGPT keeps it per message: the key is the tool call
 * that created the widget — its call id (the `call` parameter of the page's link) with the tool
 * name and canonical arguments — so reloading the page, or opening the same link, gives the
 * widget back the state it saved, while calling the same tool with the same arguments again is
 * a new message with a fresh state.
 */
import { canonicalJson } from "../../core/canonical-json.ts";

const PREFIX = "devhost:widget-state:";
const STORAGE_PREFIX = "devhost:frame-storage:";
/** The most a widget frame may keep in its emulated localStorage (UTF-16 units of JSON). */
export const MAX_FRAME_STORAGE = 256 * 1024;

const CALL_ID = /^[A-Za-z0-9-]{1,40}$/;

/** A new call id: short, random, safe in a URL. */
export function newCallId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(6)), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
}

/** The call id a link carries, if it is one (anything else gets a new id). */
export function callIdFrom(value: string | null): string | undefined {
  return value !== null && CALL_ID.test(value) ? value : undefined;
}

/** The widget key of one tool call (one message). */
export function widgetKey(call: string, tool: string, args: unknown): string {
  return `${call}:${tool}:${canonicalJson(args) ?? "null"}`;
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

/**
 * The session id the host gives a widget in the result's `_meta` (`openai/widgetSessionId`,
 * as ChatGPT does): stable per widget key, short, and not the arguments themselves.
 */
export function widgetSessionId(key: string): string {
  // cyrb53: a fast 53-bit string hash; collisions between a developer's few calls are moot.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `devhost-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/** What a widget frame kept in its emulated localStorage (string values only). */
export function loadFrameStorage(key: string): Record<string, string> {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_PREFIX + key) ?? "{}") as unknown;
    if (!saved || typeof saved !== "object") return {};
    return Object.fromEntries(
      Object.entries(saved).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
  } catch {
    return {};
  }
}

/** Keeps a frame's localStorage items; `false` when they are not strings or too large. */
export function saveFrameStorage(key: string, items: unknown): boolean {
  if (
    !items ||
    typeof items !== "object" ||
    Object.values(items).some((value) => typeof value !== "string")
  )
    return false;
  const text = JSON.stringify(items);
  if (text.length > MAX_FRAME_STORAGE) return false;
  try {
    localStorage.setItem(STORAGE_PREFIX + key, text);
    return true;
  } catch {
    return false;
  }
}

/** Forgets every widget's state and frame storage (the "clear" button). */
export function clearWidgetStates(): void {
  for (const key of Object.keys(localStorage))
    if (key.startsWith(PREFIX) || key.startsWith(STORAGE_PREFIX)) localStorage.removeItem(key);
}
