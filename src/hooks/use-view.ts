import type { HostView } from "../bridge/types.ts";
import { useHostGlobal } from "./use-host-global.ts";

/** Which view the widget is shown in (`inline`, or a `modal` the host opened). */
export function useView(): HostView {
  return useHostGlobal("view");
}
