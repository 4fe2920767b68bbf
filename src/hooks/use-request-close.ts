import { useCallback } from "react";
import { useHost } from "./host-context.tsx";

/** Returns `() => Promise<void>` asking the host to close the widget; never rejects. */
export function useRequestClose(): () => Promise<void> {
  const host = useHost();
  return useCallback(async () => {
    try {
      await host.requestClose();
    } catch {
      // not supported here
    }
  }, [host]);
}
