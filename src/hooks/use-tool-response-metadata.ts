import type { HostGlobals } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** The tool result's `_meta` (flat or envelope shape, read the same), or `null`. */
export function useToolResponseMetadata(): HostGlobals["toolResponseMetadata"] {
  return useHostGlobal("toolResponseMetadata");
}
