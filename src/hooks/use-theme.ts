import type { Theme } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** The host's colour scheme: `light` (also for anything invalid) or `dark`. */
export function useTheme(): Theme {
  return useHostGlobal("theme");
}
