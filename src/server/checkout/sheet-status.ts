/**
 * What became of a draft paid on the payment sheet, read from the sheet's own records without
 * taking anything. The sheet takes the draft's single use with a gate record (the subject
 * `draft:<id>`, which a commit of the draft would take), and charges in a chain of records
 * keyed by the session; the gate names the chain, so a reader holding only the draft id — the
 * model asking "did it go through?" — finds the payment. The records are the one owner of the
 * fact: the order exists exactly when a chain record says completed. See docs/checkout.md.
 */
import type { RecordStore } from "../idempotency/store.ts";
import type { SheetValue } from "./sheet-payment.ts";

/** The record key of a session's `n`th payment (`chain`: the session id's digest). */
export const sheetPaymentKey = (chain: string, n: number): string => `payment-sheet:${chain}:${n}`;

/** The record key of the gate that holds a session's draft. */
export const sheetGateKey = (chain: string): string => `payment-sheet:${chain}:draft`;

/** The longest chain a sheet keeps (`maxAttempts` is at most 100). */
export const MAX_SHEET_PAYMENTS = 100;

/** The chain a stored gate value names, or `undefined` for a value that is not a sheet's gate. */
export function sheetChainOf(value: unknown): string | undefined {
  const chain =
    typeof value === "object" && value !== null
      ? (value as { payment_sheet?: unknown }).payment_sheet
      : undefined;
  return typeof chain === "string" && /^[0-9a-f]{32}$/.test(chain) ? chain : undefined;
}

/**
 * A draft's payment on the payment sheet, as its records tell it:
 * - `paid`: the order exists (`inDoubt`: an attempt before the final one may have acted);
 * - `in_progress`: a charge is running or in doubt (a retry or the reconciler finishes it);
 * - `unpaid`: nothing is charged; the person may still pay on the sheet until the draft
 *   expires (`last_refusal`: why the last card was refused, if one was) — also after the
 *   provider refused a charge before acting (a 503): the sheet's next call charges then;
 * - `refunded`: the payment was given up and refunded (or voided): nothing is charged;
 * - `expired`: the session expired before a payment: nothing is charged.
 */
export type SheetPaymentStatus =
  | {
      readonly state: "paid";
      readonly order: {
        readonly id: string;
        readonly checkout_session_id: string;
        readonly permalink_url: string;
      };
      /** What was charged, in minor units. */
      readonly amount: number;
      /** ISO 4217, upper case. */
      readonly currency: string;
      readonly inDoubt: boolean;
    }
  | { readonly state: "in_progress"; readonly retryAfterSeconds: number }
  | {
      readonly state: "unpaid";
      /** The sheet's refusal of the last card tried (its `messages[].code`), if any. */
      readonly last_refusal: "payment_declined" | "requires_3ds" | null;
    }
  | { readonly state: "refunded" }
  | { readonly state: "expired" };

/**
 * The payment of the chain `chain` in `scope`: walks the session's records in order, as
 * `complete_checkout` does, to the one that settled it. Never starts or finishes anything.
 */
export async function peekSheetPayment(
  records: Pick<RecordStore, "peekKey">,
  scope: string,
  chain: string,
): Promise<SheetPaymentStatus> {
  let lastRefusal: Extract<SheetValue, { outcome: "refused" }>["code"] | null = null;
  for (let n = 0; n < MAX_SHEET_PAYMENTS; n++) {
    const found = await records.peekKey(scope, sheetPaymentKey(chain, n));
    if (found.state === "absent") break;
    if (found.state === "in_progress") return { state: "in_progress", retryAfterSeconds: 2 };
    const value = JSON.parse(found.response.body) as SheetValue;
    // A charge the provider refused before acting (a 503), no attempt of which may have
    // acted: nothing is charged, and nothing will be unless the sheet calls again.
    if (found.state === "retryable")
      return value.outcome === "unavailable" && !found.inDoubt
        ? { state: "unpaid", last_refusal: lastRefusal }
        : { state: "in_progress", retryAfterSeconds: 2 };
    switch (value.outcome) {
      case "completed":
        return {
          state: "paid",
          order: {
            id: value.order_id,
            checkout_session_id: value.session_id,
            permalink_url: value.permalink_url,
          },
          amount: value.amount,
          currency: value.currency,
          inDoubt: found.inDoubt,
        };
      case "refused":
        // The next record is the next card's: read on.
        lastRefusal = value.code;
        continue;
      case "refunded":
        return { state: "refunded" };
      case "expired":
        return { state: "expired" };
      // Not final outcomes: a record stores them only as its last attempt's, never completed.
      case "unavailable":
      case "in_doubt":
        return { state: "in_progress", retryAfterSeconds: 2 };
    }
  }
  return { state: "unpaid", last_refusal: lastRefusal };
}
