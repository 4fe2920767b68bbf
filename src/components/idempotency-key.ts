/**
 * Idempotency keys for writes, and how they live in widget state. Widget state is untrusted
 * (the host hands back whatever was stored, possibly tampered with), so reads validate.
 */

/** The widget-state field that holds the key of the draft being confirmed. */
export const IDEMPOTENCY_STATE_KEY = "wkIdempotency";

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A fresh random key: `crypto.randomUUID()` where it exists (secure contexts), else 128 bits
 * from `crypto.getRandomValues`, else (very old or odd sandboxes) time plus `Math.random`.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === "function") return cryptoApi.randomUUID();
  if (typeof cryptoApi?.getRandomValues === "function") return hex(cryptoApi.getRandomValues(new Uint8Array(16)));
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The key stored for `draftId`, or `null` when none (or something malformed) is stored. */
export function readStoredKey(widgetState: unknown, draftId: string): string | null {
  try {
    if (!isRecord(widgetState)) return null;
    const entry = widgetState[IDEMPOTENCY_STATE_KEY];
    if (!isRecord(entry) || entry.draftId !== draftId) return null;
    return typeof entry.key === "string" && KEY_PATTERN.test(entry.key) ? entry.key : null;
  } catch {
    return null;
  }
}

/** `widgetState` with the key for `draftId` stored, keeping every other field. */
export function withStoredKey(widgetState: unknown, draftId: string, key: string): { [key: string]: unknown } {
  const base = isRecord(widgetState) ? { ...widgetState } : {};
  base[IDEMPOTENCY_STATE_KEY] = { draftId, key };
  return base;
}
