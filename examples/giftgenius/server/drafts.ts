/**
 * Order drafts without storage: the draft id carries the gift, quantity, currency, the total
 * the person was shown, the time window and a nonce, signed with an HMAC. Any server process
 * holding the secret can read it back. The nonce makes every prepare a draft of its own: a
 * draft and its proof place one order (the kit's single use, docs/architecture.md), so buying
 * the same gift twice takes two prepares and two confirmations, never one draft twice. The signature also covers the owner (the caller scope: the signed-in
 * person), so a draft only reads back for the person it was prepared for.
 *
 * A signature proves only that someone with the secret wrote the id — and the development
 * secret is public. So `commit_order` never acts on the claims alone: it checks them against
 * the rules of `prepare_order` and the catalog again (see `tools/commit-order.ts`).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Currency } from "./catalog/types.ts";
import { CURRENCIES } from "./catalog/types.ts";

/** What a draft id says. */
export interface DraftClaims {
  giftId: string;
  quantity: number;
  currency: Currency;
  /** The total the draft showed, a decimal string ("25.99"). */
  total: string;
  /** Start of the window the draft was issued in, ms since the epoch. */
  issuedAt: number;
  /** When the draft stops being valid, ms since the epoch. */
  expiresAt: number;
}

/** What a draft is issued for. */
export interface DraftRequest {
  giftId: string;
  quantity: number;
  currency: Currency;
  total: string;
}

/** Signs and reads draft ids. */
export interface DraftSigner {
  issue(request: DraftRequest, now: number, owner: string): { draftId: string; expiresAt: number };
  /**
   * The claims of a genuinely signed draft id of `owner` (expired or not), or `undefined` for
   * anything else — another owner's draft included.
   */
  read(draftId: string, owner: string): DraftClaims | undefined;
}

// The total's decimal point is written `_` so the id keeps `.` as its only separator.
const PATTERN =
  /^drf_([A-Za-z0-9_-]{1,64})\.(\d{1,3})\.([A-Z]{3})\.(\d{1,15}(?:_\d{1,4})?)\.(\d{1,12})\.([A-Za-z0-9_-]{1,32})\.([0-9a-f]{32})$/;

/** 96 random bits, base64url: no two prepares share a draft. */
const randomNonce = () => randomBytes(12).toString("base64url");

/**
 * `windowMs`: a draft lives until the end of the window after the one it was issued in
 * (between one and two windows). `nonce` makes each draft id unique (recordings pass a
 * counter, for stable fixtures); at most 32 characters of `[A-Za-z0-9_-]`.
 */
export function createDraftSigner(
  secret: string,
  windowMs = 15 * 60_000,
  nonce: () => string = randomNonce,
): DraftSigner {
  const mac = (body: string, owner: string) =>
    createHmac("sha256", secret).update(`${body}\n${owner}`).digest("hex").slice(0, 32);
  return {
    issue({ giftId, quantity, currency, total }, now, owner) {
      const window = Math.floor(now / windowMs);
      const body = `drf_${giftId}.${quantity}.${currency}.${total.replace(".", "_")}.${window}.${nonce()}`;
      return { draftId: `${body}.${mac(body, owner)}`, expiresAt: (window + 2) * windowMs };
    },
    read(draftId, owner) {
      const match = PATTERN.exec(draftId);
      if (!match) return undefined;
      const [, giftId = "", quantity = "", currency = "", total = "", window = "", unique = ""] =
        match;
      const signature = match[7] ?? "";
      const body = `drf_${giftId}.${quantity}.${currency}.${total}.${window}.${unique}`;
      if (!timingSafeEqual(Buffer.from(mac(body, owner)), Buffer.from(signature))) return undefined;
      if (!(CURRENCIES as readonly string[]).includes(currency)) return undefined;
      return {
        giftId,
        quantity: Number(quantity),
        currency: currency as Currency,
        total: total.replace("_", "."),
        issuedAt: Number(window) * windowMs,
        expiresAt: (Number(window) + 2) * windowMs,
      };
    },
  };
}
