/**
 * The kit's list: every item rendered (no silent cap), each `<li>` carrying `data-item-id` —
 * the DOM contract tests and outside checks find items by. Its layout follows the display
 * mode, as the Apps SDK UI guidelines ask of an inline card: inline it is a horizontal
 * carousel (side by side, scroll-snap, no vertical scrolling of its own) with an expand
 * action where the host offers fullscreen; fullscreen and PiP lay the items out as a list
 * (or the app's own grid, through `className`).
 */
import type { ReactNode } from "react";
import { clsx } from "clsx/lite";
import { useHost } from "../hooks/host-context.tsx";
import { useHostGlobal } from "../hooks/use-host-global.ts";
import { useI18n } from "../i18n/use-i18n.ts";
import { IS_DEV, type DevNamed } from "./dev.ts";

/** Props of `ItemList`. */
export interface ItemListProps<T> {
  /** Every valid item of the result. */
  readonly items: readonly T[];
  /** The item's id from the payload (it may repeat: keys also use the index). */
  readonly itemId: (item: T) => string;
  /** Renders one item; `index` helps build document-unique ids. */
  readonly renderItem: (item: T, index: number) => ReactNode;
  /** Label of the list for assistive technology. */
  readonly label?: string;
  /** Extra classes on the list (the app's own grid, say). */
  readonly className?: string;
}

/**
 * `<ul>` of `items`, one `<li data-item-id>` each. Inline, the list sits in a focusable,
 * labelled scroller (arrow keys scroll it; Tab reaches every card's actions, which scrolls
 * them into view) with a "Show all" button that asks the host for fullscreen.
 */
export function ItemList<T>({ items, itemId, renderItem, label, className }: ItemListProps<T>) {
  const inline = useHostGlobal("displayMode") === "inline";
  const list = (
    <ul className={clsx("wk-list", inline && "wk-list--carousel", className)} aria-label={label}>
      {items.map((item, index) => {
        const id = itemId(item);
        return (
          <li key={`${index}:${id}`} data-item-id={id}>
            {renderItem(item, index)}
          </li>
        );
      })}
    </ul>
  );
  return inline ? <Carousel label={label}>{list}</Carousel> : list;
}
if (IS_DEV) (ItemList as DevNamed).displayName = "ItemList";

function Carousel({ label, children }: { label: string | undefined; children: ReactNode }) {
  const { m } = useI18n();
  const host = useHost();
  return (
    <>
      {/* Focusable so keyboard users can scroll it; the list inside keeps its item count. A
          group, not a region: it sits inside the results region, and two landmarks with one
          name are one too many (axe landmark-unique). */}
      <div className="wk-carousel" role="group" aria-label={label ?? m.resultsLabel} tabIndex={0}>
        {children}
      </div>
      {host.capabilities.requestDisplayMode ? (
        <div className="wk-row">
          <button
            type="button"
            className="wk-button wk-expand"
            // A refusal keeps the inline carousel: nothing to report.
            onClick={() => void host.requestDisplayMode("fullscreen").catch(() => {})}
          >
            {m.expand}
          </button>
        </div>
      ) : null}
    </>
  );
}
