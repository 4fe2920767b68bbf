import { useHostGlobal } from "./use-host-global.ts";

/**
 * The tool's `structuredContent`, or `null` until the host delivers it (render `loading`).
 * `T` is a claim, not a check: parse it with your contract before trusting it.
 */
export function useToolOutput<T = unknown>(): T | null {
  return useHostGlobal("toolOutput") as T | null;
}
