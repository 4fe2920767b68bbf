/**
 * Development-only warnings. Bundlers replace `process.env.NODE_ENV`; where nothing defines
 * `process` (a raw browser build) the check throws, is caught, and warnings stay off.
 */
export function isDev(): boolean {
  try {
    return process.env.NODE_ENV !== "production";
  } catch {
    return false;
  }
}

/** `console.warn` in development only, prefixed with the component's name. */
export function devWarn(component: string, message: string): void {
  if (isDev()) console.warn(`[widget-kit] ${component}: ${message}`);
}
