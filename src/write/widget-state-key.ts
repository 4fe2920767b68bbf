/**
 * One key of the host's widget state, with no framework: the write flow keeps its draft or
 * receipt under one key and the commit machine its idempotency key under another, so neither
 * overwrites the other (the host holds one state object per widget). What is read is
 * untrusted; a host that fails to persist never throws into the caller.
 */
import type { Host } from "../bridge/types.ts";
import { isRecord } from "../core/is-record.ts";

/** The value under `key` of the host's latest widget state (null when there is none). */
export function readStateKey(host: Host, key: string): unknown {
  const state: unknown = host.get("widgetState");
  return isRecord(state) ? state[key] : null;
}

/** Stores `value` under `key`, keeping the state's other keys. */
export function writeStateKey(host: Host, key: string, value: unknown): void {
  const state: unknown = host.get("widgetState");
  try {
    host.setWidgetState({ ...(isRecord(state) ? state : {}), [key]: value }).catch(() => {});
  } catch {
    // a host whose setWidgetState throws: the state is lost, the widget lives
  }
}
