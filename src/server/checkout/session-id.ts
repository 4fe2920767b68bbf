/**
 * The checkout session id, signed: it carries what is charged — draft, currency, total, expiry,
 * payment mode — and an HMAC-SHA256 over that and the caller scope, keyed by a key derived from
 * the app's confirmation secret. `complete_checkout` gets nothing else from ChatGPT, so the id
 * is the only place the amount can come from without a second store: signed, any process of
 * the app verifies it, and no session row is written before the person pays. The signature
 * proves the server minted the session, for this signed-in caller (a session of another
 * person, or one made up, is refused before any record is claimed); the person's confirmation
 * of the draft is checked when the session is minted (its tool declares `confirm`). The id
 * is deterministic per draft and price, so asking twice gives one session.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { signingKeys, type ConfirmationOptions } from "../write/confirmation.ts";
import type { PaymentMode } from "./sheet-types.ts";

/** What a session id carries (and what is charged). */
export interface SessionClaims {
  readonly draftId: string;
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** The total, in minor units. */
  readonly amount: number;
  /** When the session stops taking payment (ms since the epoch). */
  readonly expiresAt: number;
  readonly mode: PaymentMode;
}

const PREFIX = "cs1_";
const SIGNED = /^cs1_([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{43})$/;

/** Issues and verifies session ids with the app's secret (and its rotated-out ones). */
export function createSessionIds(options: ConfirmationOptions = {}): {
  issue(claims: SessionClaims, scope: string): string;
  /** The claims of a genuine id of `scope`, or `undefined`. Never throws. */
  verify(id: unknown, scope: string): SessionClaims | undefined;
} {
  const { key, keys } = signingKeys(options, "mcp-widget-kit/payment-sheet/v1");
  // The scope is signed, not carried: a session id says nothing of who its person is.
  const mac = (signingKey: Buffer, payload: string, scope: string) =>
    createHmac("sha256", signingKey)
      .update(JSON.stringify([payload, scope]))
      .digest("base64url");
  return {
    issue(claims, scope) {
      const payload = Buffer.from(
        JSON.stringify([
          claims.draftId,
          claims.currency,
          claims.amount,
          claims.expiresAt,
          claims.mode,
        ]),
      ).toString("base64url");
      return `${PREFIX}${payload}.${mac(key, payload, scope)}`;
    },
    verify(id, scope) {
      if (typeof id !== "string") return undefined;
      const [, payload = "", signature = ""] = SIGNED.exec(id) ?? [];
      if (!signature) return undefined;
      const given = Buffer.from(signature);
      const genuine = keys.some((each) => {
        const expected = Buffer.from(mac(each, payload, scope));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
      if (!genuine) return undefined;
      try {
        const [draftId, currency, amount, expiresAt, mode] = JSON.parse(
          Buffer.from(payload, "base64url").toString("utf8"),
        ) as unknown[];
        if (
          typeof draftId !== "string" ||
          typeof currency !== "string" ||
          !Number.isSafeInteger(amount) ||
          typeof expiresAt !== "number" ||
          (mode !== "live" && mode !== "test")
        )
          return undefined;
        return { draftId, currency, amount: amount as number, expiresAt, mode };
      } catch {
        return undefined;
      }
    },
  };
}
