/**
 * Order drafts without storage: the draft id carries the gift, quantity, currency and time
 * window, signed with an HMAC. The same arguments in the same window give the same draft (no
 * side effect), and any server process holding the secret can read it back.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Currency } from "./catalog/types.ts";
import { CURRENCIES } from "./catalog/types.ts";

/** What a draft id says. */
export interface DraftClaims {
  giftId: string;
  quantity: number;
  currency: Currency;
  /** When the draft stops being valid, ms since the epoch. */
  expiresAt: number;
}

/** Signs and reads draft ids. */
export interface DraftSigner {
  issue(
    giftId: string,
    quantity: number,
    currency: Currency,
    now: number,
  ): { draftId: string; expiresAt: number };
  /** The claims of a genuine draft id (expired or not), or `undefined` for anything else. */
  read(draftId: string): DraftClaims | undefined;
}

const PATTERN = /^drf_([A-Za-z0-9_-]{1,64})\.(\d{1,3})\.([A-Z]{3})\.(\d{1,12})\.([0-9a-f]{32})$/;

/**
 * `windowMs`: drafts issued within one window are identical; a draft lives until the end of
 * the window after the one it was issued in (between one and two windows).
 */
export function createDraftSigner(secret: string, windowMs = 15 * 60_000): DraftSigner {
  const mac = (body: string) =>
    createHmac("sha256", secret).update(body).digest("hex").slice(0, 32);
  return {
    issue(giftId, quantity, currency, now) {
      const window = Math.floor(now / windowMs);
      const body = `drf_${giftId}.${quantity}.${currency}.${window}`;
      return { draftId: `${body}.${mac(body)}`, expiresAt: (window + 2) * windowMs };
    },
    read(draftId) {
      const match = PATTERN.exec(draftId);
      if (!match) return undefined;
      const [, giftId = "", quantity = "", currency = "", window = "", signature = ""] = match;
      const expected = Buffer.from(mac(`drf_${giftId}.${quantity}.${currency}.${window}`));
      if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined;
      if (!(CURRENCIES as readonly string[]).includes(currency)) return undefined;
      return {
        giftId,
        quantity: Number(quantity),
        currency: currency as Currency,
        expiresAt: (Number(window) + 2) * windowMs,
      };
    },
  };
}
