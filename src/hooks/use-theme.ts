import type { HostGlobals } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** The host's colour scheme: `light` (also for anything invalid) or `dark`. */
export function useTheme(): HostGlobals["theme"] {
  return useHostGlobal("theme");
}
