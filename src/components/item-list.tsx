/**
 * The kit's list: every item rendered (the result region scrolls; no silent cap), each `<li>`
 * carrying `data-item-id` — the DOM contract tests and outside checks find items by.
 */
import type { ReactNode } from "react";
import { clsx } from "clsx";

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
  readonly className?: string;
}

/** `<ul>` of `items`, one `<li data-item-id>` each. */
export function ItemList<T>({ items, itemId, renderItem, label, className }: ItemListProps<T>) {
  return (
    <ul className={clsx("wk-list", className)} aria-label={label}>
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
}
ItemList.displayName = "ItemList";
