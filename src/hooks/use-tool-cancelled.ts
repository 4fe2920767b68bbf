import { useHostGlobal } from "./use-host-global.ts";

/** True once the host said the tool call was cancelled (MCP Apps); stop showing `loading`. */
export function useToolCancelled(): boolean {
  return useHostGlobal("toolCancelled");
}
