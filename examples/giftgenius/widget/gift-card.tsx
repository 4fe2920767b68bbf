/**
 * One suggested gift. Everything in it came from a tool output, so it is text only; the
 * image and the product link are used only when they are `https:` (the contract already
 * removed anything else; checked again here because a card may be rendered from elsewhere).
 */
import { useId, useState } from "react";
import { isHttpsUrl, useI18n, useOpenExternal } from "../../../src/index.ts";
import type { GiftCard as Gift } from "../contract.ts";
import "./gift.css";

/** Props of `GiftCard`. */
export interface GiftCardProps {
  readonly gift: Gift;
  /** Starts the purchase (`prepare_order`). */
  readonly onBuy: (gift: Gift) => void;
  /** A purchase is being prepared (for this card or another): Buy is disabled. */
  readonly buyDisabled?: boolean;
  /** This card's purchase is being prepared. */
  readonly busy?: boolean;
}

/** A gift card with `data-gift-id`, price in the host locale, and View / Buy actions. */
export function GiftCard({ gift, onBuy, buyDisabled = false, busy = false }: GiftCardProps) {
  const { m, money } = useI18n();
  const openExternal = useOpenExternal();
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const image = isHttpsUrl(gift.image_url) ? gift.image_url : null;
  const link = isHttpsUrl(gift.product_url) ? gift.product_url : null;
  const tags = gift.tags ?? [];
  return (
    <article className="gg-card" data-gift-id={gift.id} aria-labelledby={titleId}>
      {image ? (
        // A fixed aspect-ratio box: no layout jump when the image loads or fails.
        <div className="gg-media">
          {imageFailed ? null : (
            <img src={image} alt={gift.title} width={320} height={200} loading="lazy" decoding="async" referrerPolicy="no-referrer" onError={() => setImageFailed(true)} />
          )}
        </div>
      ) : null}
      <h2 id={titleId}>{gift.title}</h2>
      <p className="gg-price">{money(gift.price)}</p>
      {gift.reason ? <p className="wk-muted">{gift.reason}</p> : null}
      {tags.length > 0 ? (
        <ul className="gg-tags" aria-label={m.tags}>
          {tags.map((tag, index) => (
            <li key={index}>{tag}</li>
          ))}
        </ul>
      ) : null}
      <div className="gg-actions">
        {link ? (
          <button type="button" className="wk-button" onClick={() => void openExternal(link)}>
            {m.view}
            <span className="wk-visually-hidden"> {gift.title}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="wk-button wk-button--primary"
          data-action="buy"
          disabled={buyDisabled}
          aria-busy={busy || undefined}
          onClick={() => onBuy(gift)}
        >
          {m.buy}
          <span className="wk-visually-hidden"> {gift.title}</span>
        </button>
      </div>
    </article>
  );
}
GiftCard.displayName = "GiftCard";
