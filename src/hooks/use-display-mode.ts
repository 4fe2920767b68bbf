import type { DisplayMode } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** How the host shows the widget: `inline`, `pip` or `fullscreen`. */
export function useDisplayMode(): DisplayMode {
  return useHostGlobal("displayMode");
}
