import type { HostGlobals } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/**
 * The host's design tokens as sanitised CSS custom properties (MCP Apps `styles.variables`),
 * ready to spread into a `style` prop; `{}` where the host gives none.
 */
export function useStyleVariables(): HostGlobals["styleVariables"] {
  return useHostGlobal("styleVariables");
}
