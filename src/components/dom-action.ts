/**
 * The DOM contract of buttons: the `data-action` values. Tests, Storybook and outside checks
 * click by them, so they are public API. (The root's `data-state` values are the contract's
 * view states: `DOM_STATES` in `src/contract/states.ts`.)
 */

/**
 * The `data-action` values buttons carry: `prepare` asks the server for a draft of a write
 * (an app's "Reply", "Book", "Buy": one name whatever the button says), `sign-in`
 * is shown when a call needs a signed-in person, and `confirm`, `cancel`, `retry` act on a
 * draft or a failure; `back` (to the list) and `refresh` (the list's read, run again) end a
 * write that failed for good or is done.
 */
export type DomAction = "prepare" | "sign-in" | "confirm" | "cancel" | "retry" | "back" | "refresh";
