/**
 * Idempotency keys for writes, and how they live in widget state. Widget state is untrusted
 * (the host hands back whatever was stored, possibly tampered with), so reads validate.
 */

/**
 * The widget-state field that holds a draft's key, its draft id after it: one field per draft,
 * so another draft's commit (another write's, in a widget of two) never replaces its key.
 */
export const IDEMPOTENCY_STATE_KEY = "wkIdempotency";

const KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * A fresh random key: 128 bits from `crypto.getRandomValues` as 32 hex digits (every browser
 * has it, in a secure context or not, unlike `randomUUID`), else (a sandbox that took `crypto`
 * away) time plus `Math.random`.
 */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.getRandomValues === "function")
    return Array.from(cryptoApi.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, "0"),
    ).join("");
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

/** What is stored under `IDEMPOTENCY_STATE_KEY` + the draft id: the draft and its key. */
export interface StoredIdempotencyKey {
  readonly draftId: string;
  readonly key: string;
}

/** True for a well-formed stored entry; anything else (tampered, older shape) is ignored. */
export function isStoredIdempotencyKey(value: unknown): value is StoredIdempotencyKey {
  try {
    if (typeof value !== "object" || value === null) return false;
    const entry = value as { readonly draftId?: unknown; readonly key?: unknown };
    return (
      typeof entry.draftId === "string" &&
      typeof entry.key === "string" &&
      KEY_PATTERN.test(entry.key)
    );
  } catch {
    return false; // a hostile getter
  }
}
