import { useCallback } from "react";
import type { DisplayMode } from "../bridge/types.ts";
import { useHost } from "./host-context.tsx";

/** Returns `(mode) => Promise<granted mode>`; never rejects (a failure keeps the current mode). */
export function useRequestDisplayMode(): (mode: DisplayMode) => Promise<DisplayMode> {
  const host = useHost();
  return useCallback(
    async (mode: DisplayMode) => {
      try {
        return await host.requestDisplayMode(mode);
      } catch {
        return host.get("displayMode");
      }
    },
    [host],
  );
}
