/**
 * The DOM contract: the `data-state` values the widget root shows. Tests, Storybook and
 * outside checks read them, so they are public API; renaming one is a breaking change.
 */

/** Every value the widget root's `data-state` can take. */
export const DOM_STATES = [
  "loading",
  "results",
  "empty",
  "error",
  "invalid",
  "unsupported",
  "confirm",
  "committing",
  "committed",
] as const;

/** One `data-state` value. */
export type DomState = (typeof DOM_STATES)[number];

/** The `data-action` values buttons carry. */
export type DomAction = "buy" | "confirm" | "cancel" | "retry";

/**
 * Maps a view-model state (what `contract.parse` returns) to the root's `data-state`:
 * a record kind's `draft` is shown as `confirm`, `order` as `committed`. A record state the
 * kit has no name for renders the app's own view, which counts as `results`.
 */
export function toDomState(viewState: string | null | undefined): DomState {
  switch (viewState) {
    case null:
    case undefined:
      return "loading";
    case "draft":
      return "confirm";
    case "order":
      return "committed";
    case "results":
    case "empty":
    case "error":
    case "invalid":
    case "unsupported":
    case "confirm":
    case "committing":
    case "committed":
    case "loading":
      return viewState;
    default:
      return "results";
  }
}
