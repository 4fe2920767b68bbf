import { useEffect } from "react";

/**
 * Development-only warnings. Bundlers replace `process.env.NODE_ENV` with a literal, so in a
 * production build `IS_DEV` folds to `false` and every warning — call and text — is dropped
 * from the widget. It is read unguarded on purpose: a `typeof process` guard stops the
 * minifier from folding it, and React itself reads `process.env.NODE_ENV` the same way, so
 * any setup that runs these components already defines it. Components set their
 * `displayName` (for React DevTools) behind it too: a production widget ships no names.
 */
export const IS_DEV: boolean = process.env.NODE_ENV !== "production";

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
 * `IS_DEV` never changes while the page runs, so the hook order is stable either way.
 */
export const useDevCheck: (check: () => void, deps: readonly unknown[]) => void = IS_DEV
  ? (check, deps) => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists what `check` reads
      useEffect(check, deps);
    }
  : () => {};
