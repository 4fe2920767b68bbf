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
  return (
    <ul className="gg-list">
      {gifts.map((gift, index) => (
        // Ids come from the payload and may repeat: the index keeps React keys unique.
        <li key={`${index}:${gift.id}`}>
          <GiftCard gift={gift} onBuy={onBuy} buyDisabled={pendingGiftId !== null} busy={pendingGiftId === gift.id} />
        </li>
      ))}
    </ul>
  );
}
GiftList.displayName = "GiftList";
