import { useCallback } from "react";
import { useHost } from "./host-context.tsx";
import { useHostGlobal } from "./use-host-global.ts";

/** Options of `useWidgetState`. */
export interface WidgetStateOptions<T> {
  /**
   * Checks the stored state before it is trusted (a host hands back whatever was stored,
   * possibly by an older widget version). Failing state reads as `initial`.
   */
  readonly isValid?: (stored: unknown) => stored is T;
}

/**
 * State persisted through the host (per widget instance), so it survives a remount and a
 * reload of the widget. Reads `initial` until something was stored. The setter writes through
 * the host at once; a host that fails to persist never throws into the component.
 */
export function useWidgetState<T>(
  initial: T,
  options: WidgetStateOptions<T> = {},
): readonly [T, (next: T | ((prev: T) => T)) => void] {
  const host = useHost();
  const stored = useHostGlobal("widgetState");
  const { isValid } = options;
  const read = useCallback(
    (value: unknown): T => (value === null || (isValid && !isValid(value)) ? initial : (value as T)),
    // `initial` is read only when nothing is stored; a new literal each render must not
    // change the setter's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [isValid],
  );
  const setState = useCallback(
    (next: T | ((prev: T) => T)) => {
      // The latest stored value, not the render's: two updates in one tick both apply.
      const prev = read(host.get("widgetState"));
      const value = typeof next === "function" ? (next as (prev: T) => T)(prev) : next;
      try {
        host.setWidgetState(value).catch(() => {});
      } catch {
        // a host whose setWidgetState throws synchronously: the state is lost, the widget lives
      }
    },
    [host, read],
  );
  return [read(stored), setState] as const;
}
