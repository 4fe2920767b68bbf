/**
 * The fake payment provider as ChatGPT's payment sheet pays it: the sheet hands the server a
 * single-use, amount-capped token, and the server charges it under the kit's idempotency key.
 * Like a real provider's test mode (Stripe's `tok_visa`, `tok_chargeDeclined`), the test
 * tokens are public and say how they behave: `spt_test_<behaviour>_<cap in minor units>_<nonce>`
 * — `ok`, `decline` or `3ds` — so the local host's sheet, the tests and a person trying the
 * app can all make one. Charges land on the same ledger as the app's own commits (one
 * charge per key across processes and restarts); the store-wide faults apply too
 * (`payments=503|timeout|decline`, `payments_latency_ms`).
 */
import { createHash } from "node:crypto";
import type { Money } from "mcp-widget-kit/contract";
import type { SheetPaymentProvider } from "mcp-widget-kit/checkout/server";
import { getFaults, happens } from "./faults.ts";
import { refundIdOf } from "./payments.ts";
import type { SharedState } from "./state/shared-state.ts";

/** How a test token behaves when charged. */
export type TestTokenBehaviour = "ok" | "decline" | "3ds";

const TOKEN = /^spt_test_(ok|decline|3ds)_(\d{1,15})_([A-Za-z0-9]{1,32})$/;

/** A test token worth at most `maxMinor` minor units (the sheet's cap: the session's total). */
export function testToken(behaviour: TestTokenBehaviour, maxMinor: number, nonce: string): string {
  return `spt_test_${behaviour}_${maxMinor}_${nonce}`;
}

/** The minor-unit digits of the app's currencies (ISO 4217: the dong has none). */
export function minorDigits(currency: string): number {
  return currency.toUpperCase() === "VND" ? 0 : 2;
}

/** `"24.99"` USD → 2499; a RangeError for more decimals than the currency has. */
export function toMinorUnits(amount: string, currency: string): number {
  const digits = minorDigits(currency);
  const [whole = "0", fraction = ""] = amount.split(".");
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction) || fraction.length > digits)
    throw new RangeError(`not an amount of ${currency}: ${amount}`);
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** 2499 USD → `{ amount: "24.99", currency: "USD" }`. */
export function fromMinorUnits(minor: number, currency: string): Money {
  const digits = minorDigits(currency);
  if (digits === 0) return { amount: String(minor), currency };
  const text = String(minor).padStart(digits + 1, "0");
  return { amount: `${text.slice(0, -digits)}.${text.slice(-digits)}`, currency };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The sheet's provider on the app's ledger. A token is used once: a second key charging it is
 * declined (a repeat of the same key replays its charge, as the provider's idempotency does).
 * The used tokens are kept in this process only — a fake's simplification; the ledger's
 * one-charge-per-key holds across processes.
 */
export function createSheetPayments(ledger: SharedState): SheetPaymentProvider {
  const usedBy = new Map<string, string>();
  return {
    async charge(request) {
      const faults = getFaults();
      if (faults.paymentsLatencyMs) await sleep(faults.paymentsLatencyMs);
      const fault =
        faults.payments && happens(faults.payments.probability) ? faults.payments.mode : undefined;
      // Refused before acting: nothing charged, the retry may pay.
      if (fault === "503") return { status: "unavailable" };
      const earlier = await ledger.findCharge(request.idempotencyKey);
      if (earlier) return { status: "succeeded", chargeId: earlier.chargeId };
      const parsed = TOKEN.exec(request.token);
      const digest = createHash("sha256").update(request.token).digest("hex");
      const owner = usedBy.get(digest);
      if (!parsed || (owner !== undefined && owner !== request.idempotencyKey))
        return { status: "declined" };
      const [, behaviour, cap] = parsed;
      if (request.amount > Number(cap) || request.mode !== "test") return { status: "declined" };
      usedBy.set(digest, request.idempotencyKey);
      if (behaviour === "decline" || fault === "decline") return { status: "declined" };
      if (behaviour === "3ds") return { status: "requires_3ds" };
      const chargeId = `ch_${createHash("sha256").update(request.idempotencyKey).digest("hex").slice(0, 24)}`;
      const { charge } = await ledger.recordCharge(request.idempotencyKey, {
        chargeId,
        amount: fromMinorUnits(request.amount, request.currency),
        createdAt: new Date().toISOString(),
      });
      // The key was voided by a refund before it was charged: nothing is charged now.
      if (!charge) return { status: "declined" };
      // The worst case: the charge went through, the answer was lost.
      if (fault === "timeout") throw new Error("the payment service did not answer in time");
      return { status: "succeeded", chargeId: charge.chargeId };
    },
    async refund(request) {
      const faults = getFaults();
      if (faults.paymentsLatencyMs) await sleep(faults.paymentsLatencyMs);
      if (faults.payments?.mode === "503" && happens(faults.payments.probability))
        throw new Error("the payment service is unavailable");
      const refunded = await ledger.recordRefund(
        request.chargeIdempotencyKey,
        refundIdOf(request.chargeIdempotencyKey),
        new Date().toISOString(),
      );
      return { status: refunded ? "refunded" : "nothing_charged" };
    },
  };
}
