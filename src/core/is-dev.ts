/**
 * True outside a production build. Bundlers replace `process.env.NODE_ENV` with a literal, so
 * in the widget `IS_DEV` folds to `false` and whatever sits behind `if (IS_DEV)` — warnings,
 * React DevTools `displayName`s — is dropped. It is read unguarded on purpose: a `typeof
 * process` guard stops the minifier from folding it, and React itself reads
 * `process.env.NODE_ENV` the same way, so any setup that runs these modules already defines it.
 * It lives in the contract, the lowest layer, so the contract's reader, the bridge, hooks, i18n
 * and components share one flag.
 */
export const IS_DEV: boolean = process.env.NODE_ENV !== "production";

/**
 * A component seen as React DevTools see it. Components set their name through this cast
 * (`(Name as DevNamed).displayName = …`) so the name is no part of their public type: a
 * bare `Name.displayName = …` makes the declaration `namespace Name { var displayName }`,
 * an undocumented public member of every component.
 */
export interface DevNamed {
  displayName?: string;
}
