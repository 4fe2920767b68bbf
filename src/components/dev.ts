/**
 * Development-only warnings. Bundlers replace `process.env.NODE_ENV` with a literal, so in a
 * production build `IS_DEV` folds to `false` and every warning — call and text — is dropped
 * from the widget. It is read unguarded on purpose: a `typeof process` guard stops the
 * minifier from folding it, and React itself reads `process.env.NODE_ENV` the same way, so
 * any setup that runs these components already defines it.
 */
export const IS_DEV: boolean = process.env.NODE_ENV !== "production";

/**
 * `console.warn` prefixed with the component's name. Call it behind `if (IS_DEV)` so a
 * production build drops the message text too.
 */
export function devWarn(component: string, message: string): void {
  console.warn(`[widget-kit] ${component}: ${message}`);
}
