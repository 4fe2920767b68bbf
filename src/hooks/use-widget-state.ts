import { useCallback } from "react";
import { isRecord } from "../core/is-record.ts";
import { useHost } from "./host-context.tsx";
import { useHostGlobal } from "./use-host-global.ts";

/**
 * State persisted through the host (per widget instance), so it survives a remount and a
 * reload of the widget. Reads `initial` until something was stored. The setter writes through
 * the host at once; a host that fails to persist never throws into the component.
 */
export function useWidgetState<T>(
  initial: T,
  options: {
    /**
     * Keeps this state under one key of the widget state object, so independent parts of a
     * widget (say, a confirmation's idempotency key and a list's selection) do not overwrite
     * each other: the host holds one state object per widget. Without a key the hook owns it all.
     */
    readonly key?: string;
    /**
     * Checks the stored state before it is trusted (a host hands back whatever was stored,
     * possibly by an older widget version). Failing state reads as `initial`.
     */
    readonly isValid?: (stored: unknown) => stored is T;
  } = {},
): readonly [T, (next: T | ((prev: T) => T)) => void] {
  const host = useHost();
  const whole = useHostGlobal("widgetState");
  const { key, isValid } = options;
  const read = useCallback(
    (state: unknown): T => {
      const value = key === undefined ? state : isRecord(state) ? state[key] : undefined;
      return value === null || value === undefined || (isValid && !isValid(value))
        ? initial
        : (value as T);
    },
    // `initial` is read only when nothing is stored; a new literal each render must not
    // change the setter's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, isValid],
  );
  const setState = useCallback(
    (next: T | ((prev: T) => T)) => {
      // The latest stored value, not the render's: two updates in one tick both apply.
      const current = host.get("widgetState");
      const prev = read(current);
      const value = typeof next === "function" ? (next as (prev: T) => T)(prev) : next;
      const state =
        key === undefined ? value : { ...(isRecord(current) ? current : {}), [key]: value };
      try {
        host.setWidgetState(state).catch(() => {});
      } catch {
        // a host whose setWidgetState throws synchronously: the state is lost, the widget lives
      }
    },
    [host, key, read],
  );
  return [read(whole), setState] as const;
}
