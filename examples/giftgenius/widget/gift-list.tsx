import { useId } from "react";
import { ItemList, useI18n, useOpenExternal } from "mcp-widget-kit";
import type { GiftCard as Gift } from "../contract.ts";
import { GiftCard } from "./gift-card.tsx";
import { messages } from "./messages.ts";

/** Props of `GiftList`. */
export interface GiftListProps {
  /** Every valid gift: all are rendered (the list scrolls; no silent cap). */
  readonly gifts: readonly Gift[];
  readonly onBuy: (gift: Gift) => void;
  /** The gift whose purchase is being prepared, if any. */
  readonly pendingGiftId?: string | null;
}

/** The suggestions as the kit's list (`data-item-id`) of gift cards (`data-gift-id`). */
export function GiftList({ gifts, onBuy, pendingGiftId = null }: GiftListProps) {
  const i18n = useI18n(messages);
  const openExternal = useOpenExternal();
  const listId = useId();
  const onOpen = (href: string) => void openExternal(href);
  return (
    <ItemList
      className="gg-list"
      items={gifts}
      itemId={(gift) => gift.id}
      renderItem={(gift, index) => (
        // Ids come from the payload and may repeat: the index keeps title ids unique.
        <GiftCard
          gift={gift}
          i18n={i18n}
          titleId={`${listId}-${index}`}
          onBuy={onBuy}
          onOpen={onOpen}
          buyDisabled={pendingGiftId !== null}
          busy={pendingGiftId === gift.id}
        />
      )}
    />
  );
}
if (process.env.NODE_ENV !== "production") GiftList.displayName = "GiftList";
