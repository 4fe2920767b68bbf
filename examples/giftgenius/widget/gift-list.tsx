import { useId } from "react";
import { useI18n, useOpenExternal } from "widget-kit";
import type { GiftCard as Gift } from "../contract.ts";
import { GiftCard } from "./gift-card.tsx";

/** Props of `GiftList`. */
export interface GiftListProps {
  /** Every valid gift: all are rendered (the list scrolls; no silent cap). */
  readonly gifts: readonly Gift[];
  readonly onBuy: (gift: Gift) => void;
  /** The gift whose purchase is being prepared, if any. */
  readonly pendingGiftId?: string | null;
}

/** The suggestions as a list of cards. */
export function GiftList({ gifts, onBuy, pendingGiftId = null }: GiftListProps) {
  const i18n = useI18n();
  const openExternal = useOpenExternal();
  const listId = useId();
  const onOpen = (href: string) => void openExternal(href);
  return (
    <ul className="gg-list">
      {gifts.map((gift, index) => (
        // Ids come from the payload and may repeat: the index keeps keys and ids unique.
        <li key={`${index}:${gift.id}`}>
          <GiftCard
            gift={gift}
            i18n={i18n}
            titleId={`${listId}-${index}`}
            onBuy={onBuy}
            onOpen={onOpen}
            buyDisabled={pendingGiftId !== null}
            busy={pendingGiftId === gift.id}
          />
        </li>
      ))}
    </ul>
  );
}
GiftList.displayName = "GiftList";
