import { useCallback } from "react";
import { useHost } from "./host-context.tsx";

/**
 * Returns `(prompt) => Promise<void>` that posts a message into the conversation as if the
 * person typed it. Never rejects: a host without the feature, or one that fails, is a no-op.
 */
export function useSendFollowUpMessage(): (prompt: string) => Promise<void> {
  const host = useHost();
  return useCallback(
    async (prompt: string) => {
      if (typeof prompt !== "string" || prompt.trim() === "") return;
      try {
        await host.sendFollowUpMessage(prompt);
      } catch {
        // nothing to recover: the person can still type
      }
    },
    [host],
  );
}
