import { useCallback } from "react";
import { isHttpsUrl } from "../contract/text.ts";
import { useHost } from "./host-context.tsx";

/**
 * Returns `(href) => Promise<void>` that opens a link through the host. Anything but an
 * absolute `https:` URL (`javascript:`, `data:`, `http:`) is refused and nothing opens.
 * Never rejects.
 */
export function useOpenExternal(): (href: string) => Promise<void> {
  const host = useHost();
  return useCallback(
    async (href: string) => {
      if (!isHttpsUrl(href)) return;
      try {
        await host.openExternal(href);
      } catch {
        // the host refused; there is no safe fallback inside a sandbox
      }
    },
    [host],
  );
}
