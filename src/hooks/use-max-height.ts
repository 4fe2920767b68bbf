import { useHostGlobal } from "./use-host-global.ts";

/** The most height the widget may take in px, or `undefined` when the host sets no limit. */
export function useMaxHeight(): number | undefined {
  return useHostGlobal("maxHeight");
}
