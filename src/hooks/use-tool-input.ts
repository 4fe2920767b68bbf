import type { HostGlobals } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** The arguments the tool was called with (`{}` when unknown). Untrusted data. */
export function useToolInput(): HostGlobals["toolInput"] {
  return useHostGlobal("toolInput");
}
