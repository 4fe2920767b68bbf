/**
 * One key of the host's widget state, with no framework: the write flow keeps its draft or
 * receipt under one key and ConfirmDraft's commit its idempotency key under another, so neither
 * overwrites the other (the host holds one state object per widget). What the model must not
 * read — the proof, the key — goes under the same key in the private part
 * (`PRIVATE_STATE_KEY`: ChatGPT's `privateContent`; docs/architecture.md). What is read is
 * untrusted; a host that fails to persist never throws into the caller.
 */
import { PRIVATE_STATE_KEY } from "../bridge/private-state.ts";
import type { Host } from "../bridge/types.ts";
import { isRecord } from "../core/is-record.ts";

const recordOr = (value: unknown) => (isRecord(value) ? value : {});

/**
 * The value under `key` of the host's latest widget state, or of its private part when
 * `secret` (null when there is none).
 */
export function readStateKey(host: Host, key: string, secret?: boolean): unknown {
  const state = recordOr(host.get("widgetState"));
  return recordOr(secret ? state[PRIVATE_STATE_KEY] : state)[key] ?? null;
}

/**
 * Stores `value` under `key` — or under `key` of the private part when `secret` — keeping the
 * state's other keys.
 */
export function writeStateKey(host: Host, key: string, value: unknown, secret?: boolean): void {
  const state = recordOr(host.get("widgetState"));
  try {
    host
      .setWidgetState(
        secret
          ? {
              ...state,
              [PRIVATE_STATE_KEY]: { ...recordOr(state[PRIVATE_STATE_KEY]), [key]: value },
            }
          : { ...state, [key]: value },
      )
      .catch(() => {});
  } catch {
    // a host whose setWidgetState throws: the state is lost, the widget lives
  }
}
