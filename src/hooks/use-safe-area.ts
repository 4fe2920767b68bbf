import type { SafeArea } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** Insets to keep clear (notches, host chrome), in CSS px; zeros by default. */
export function useSafeArea(): SafeArea {
  return useHostGlobal("safeArea");
}
