/**
 * One suggested gift. Everything in it came from a tool output, so it is text only; the
 * image and the product link are there only when they are `https:` (image also `http:` on a
 * loopback host): a `Gift` is what the contract's `resourceUrl()` and `httpsUrl()` fields
 * kept, and they remove anything else. The link is opened through `useOpenExternal()`, which
 * refuses a non-`https:` URL again.
 * A card calls no hooks: the list reads i18n and the host once for all cards, which keeps a
 * 1,000-gift list close to the cost of bare markup.
 */
import { useState } from "react";
import { type I18n } from "mcp-widget-kit";
import type { GiftCard as Gift } from "../contract.ts";
import type { GiftGeniusMessages } from "./messages.ts";
import "./gift.css";

/** Props of `GiftCard`. */
export interface GiftCardProps {
  readonly gift: Gift;
  /** GiftGenius messages and formatters of the host locale (`useI18n(messages)`). */
  readonly i18n: Pick<I18n<GiftGeniusMessages>, "m" | "money">;
  /** A document-unique id for the card's title. */
  readonly titleId: string;
  /** Starts the purchase (`prepare_order`). */
  readonly onBuy: (gift: Gift) => void;
  /** Opens an https link through the host (`useOpenExternal()`). */
  readonly onOpen: (href: string) => void;
  /** A purchase is being prepared (for this card or another): Buy is disabled. */
  readonly buyDisabled?: boolean;
  /** This card's purchase is being prepared. */
  readonly busy?: boolean;
}

/** A fixed aspect-ratio box: no layout jump when the image loads or fails. */
function GiftImage({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="gg-media">
      {failed ? null : (
        <img
          src={src}
          alt={alt}
          width={320}
          height={200}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}

/** A gift card with `data-gift-id`, price in the host locale, and View / Buy actions. */
export function GiftCard({
  gift,
  i18n,
  titleId,
  onBuy,
  onOpen,
  buyDisabled = false,
  busy = false,
}: GiftCardProps) {
  const { m, money } = i18n;
  const image = gift.image_url;
  const link = gift.product_url;
  const tags = gift.tags ?? [];
  return (
    <article className="wk-panel gg-card" data-gift-id={gift.id} aria-labelledby={titleId}>
      {image ? <GiftImage src={image} alt={gift.title} /> : null}
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
          <button type="button" className="wk-button" onClick={() => onOpen(link)}>
            {m.view} <span className="wk-visually-hidden">{gift.title}</span>
          </button>
        ) : null}
        <button
          type="button"
          className="wk-button wk-button--primary"
          data-action="prepare"
          disabled={buyDisabled}
          aria-busy={busy || undefined}
          onClick={() => onBuy(gift)}
        >
          {m.buy} <span className="wk-visually-hidden">{gift.title}</span>
        </button>
      </div>
    </article>
  );
}
// React DevTools names, in development only (a production build folds the test to false).
if (process.env.NODE_ENV !== "production") GiftCard.displayName = "GiftCard";
