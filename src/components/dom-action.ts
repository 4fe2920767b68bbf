/**
 * The DOM contract of buttons: the `data-action` values. Tests, Storybook and outside checks
 * click by them, so they are public API. (The root's `data-state` values are the contract's
 * view states: `DOM_STATES` in `src/contract/states.ts`.)
 */

/** The `data-action` values buttons carry. */
export type DomAction = "buy" | "confirm" | "cancel" | "retry";
