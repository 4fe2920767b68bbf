import { useCallback, useSyncExternalStore } from "react";
import type { HostGlobals } from "../bridge/types.ts";
import { useHost } from "./host-context.tsx";

/**
 * Reads one validated host global and re-renders only when that key changes (the host keeps
 * an unchanged value's identity, so `useSyncExternalStore` sees no change for other keys).
 */
export function useHostGlobal<K extends keyof HostGlobals>(key: K): HostGlobals[K] {
  const host = useHost();
  const subscribe = useCallback(
    (onChange: () => void) => host.subscribe(key, onChange),
    [host, key],
  );
  const read = () => host.get(key);
  return useSyncExternalStore(subscribe, read, read);
}
