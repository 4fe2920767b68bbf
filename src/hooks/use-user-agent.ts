import type { UserAgent } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** What the host says about the device (type, hover, touch). */
export function useUserAgent(): UserAgent {
  return useHostGlobal("userAgent");
}
