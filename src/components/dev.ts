/**
 * Development-only warnings, behind `IS_DEV` (contract/is-dev.ts): in a production build every
 * warning — call and text — is dropped from the widget. Components set their `displayName`
 * (for React DevTools) behind it too: a production widget ships no names.
 */
import { useEffect } from "react";
import { IS_DEV, type DevNamed } from "../core/is-dev.ts";

export { IS_DEV, type DevNamed };

/**
 * `console.warn` prefixed with the component's name. Call it behind `if (IS_DEV)` so a
 * production build drops the message text too.
 */
export function devWarn(component: string, message: string): void {
  console.warn(`[mcp-widget-kit] ${component}: ${message}`);
}

/**
 * Runs `check` after a render in which one of `deps` changed — in development only. A
 * production build gets the empty branch, so neither the effect nor its messages ship.
 * `IS_DEV` never changes while the page runs, so the hook order is stable either way. Give
 * `deps` as `IS_DEV ? [a, b] : []`: a production build then reads nothing (`draft.title;`
 * would otherwise stay, since a property read may run a getter).
 */
export const useDevCheck: (check: () => void, deps: readonly unknown[]) => void = IS_DEV
  ? (check, deps) => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `check` reads
      useEffect(check, deps);
    }
  : () => {};
