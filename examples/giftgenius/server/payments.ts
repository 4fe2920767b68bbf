/**
 * A fake payment provider with its own idempotency, like a real one (Stripe's
 * `Idempotency-Key`): charging twice with one key returns the first charge, so a retried
 * commit can never charge twice — even after a stale claim is taken over. Its ledger lives in
 * the shared store, so the de-duplication holds across processes and restarts, as a real
 * provider's does.
 */
import { createHash } from "node:crypto";
import type { Money } from "mcp-widget-kit/contract";
import { ToolFailure } from "mcp-widget-kit/server";
import { getFaults, happens } from "./faults.ts";
import { GIFT_NEXT_ACTIONS } from "./next-actions.ts";
import type { Charge, SharedState } from "./state/shared-state.ts";

export type { Charge } from "./state/shared-state.ts";

/** The provider. `countCharges` counts real charges in the ledger (not replays): tests read it. */
export interface PaymentProvider {
  /**
   * Charges `amount` once per key; a repeat returns the charge that stands (with `refundId`
   * once it was refunded). A key refunded before it was charged is refused
   * (`PAYMENT_CANCELLED`, nothing charged).
   */
  charge(request: {
    idempotencyKey: string;
    amount: Money;
    /** The person's saved method to charge (one of theirs, checked by the caller); else their default. */
    paymentMethodId?: string;
  }): Promise<Charge>;
  /**
   * Refunds the charge of a key, once per key (a repeat returns the same refund), and voids a
   * key never charged so no later charge under it goes through. Returns the refunded charge,
   * or `undefined` when nothing had been charged. Faults: `payments=503`, `payments_latency_ms`.
   */
  refund(request: { idempotencyKey: string }): Promise<Charge | undefined>;
  countCharges(): Promise<number>;
}

/** The provider's refund id of a payment key (one refund per key). */
export function refundIdOf(paymentKey: string): string {
  return `re_${createHash("sha256").update(`refund:${paymentKey}`).digest("hex").slice(0, 24)}`;
}

function unavailable(): ToolFailure {
  return new ToolFailure({
    code: "PAYMENT_UNAVAILABLE",
    message: "The payment service is unavailable; nothing was charged.",
    retryable: true,
    retry_after_seconds: 5,
    next_action: GIFT_NEXT_ACTIONS.retrySameKey,
    changes: "none",
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fake on the shared ledger. Faults: `payments=timeout|503|decline[:p]`, `payments_latency_ms`. */
export function createFakePayments(ledger: SharedState): PaymentProvider {
  return {
    countCharges: () => ledger.countCharges(),
    async refund({ idempotencyKey }) {
      const faults = getFaults();
      if (faults.paymentsLatencyMs) await sleep(faults.paymentsLatencyMs);
      if (faults.payments?.mode === "503" && happens(faults.payments.probability))
        throw unavailable();
      return ledger.recordRefund(
        idempotencyKey,
        refundIdOf(idempotencyKey),
        new Date().toISOString(),
      );
    },
    async charge({ idempotencyKey, amount }) {
      const faults = getFaults();
      if (faults.paymentsLatencyMs) await sleep(faults.paymentsLatencyMs);
      const fault =
        faults.payments && happens(faults.payments.probability) ? faults.payments.mode : undefined;
      if (fault === "503") throw unavailable();
      // A key charged before gets that charge back, as from a real provider (which replays a
      // key's first answer): a retry after a lost answer is never declined into an orphan charge.
      const earlier = fault === "decline" ? await ledger.findCharge(idempotencyKey) : undefined;
      if (earlier) return earlier;
      if (fault === "decline") {
        throw new ToolFailure({
          code: "PAYMENT_DECLINED",
          message: "The payment was declined; nothing was charged.",
          retryable: false,
          next_action: GIFT_NEXT_ACTIONS.paymentDeclined,
          changes: "none",
        });
      }
      const chargeId = `ch_${createHash("sha256").update(idempotencyKey).digest("hex").slice(0, 24)}`;
      const { charge } = await ledger.recordCharge(idempotencyKey, {
        chargeId,
        amount,
        createdAt: new Date().toISOString(),
      });
      // Refunded before it was charged (the reconciler gave the order up): never charge it.
      if (!charge)
        throw new ToolFailure({
          code: "PAYMENT_CANCELLED",
          message: "This payment was cancelled before it was charged; nothing was charged.",
          retryable: false,
          next_action: GIFT_NEXT_ACTIONS.prepareAgain,
          changes: "none",
        });
      if (fault === "timeout") {
        // The worst case: the charge went through, the answer was lost.
        throw new ToolFailure({
          code: "PAYMENT_TIMEOUT",
          message:
            "The payment service did not confirm in time; the charge may or may not have happened.",
          retryable: true,
          retry_after_seconds: 2,
          next_action: GIFT_NEXT_ACTIONS.retrySameKey,
          changes: "unknown",
        });
      }
      return charge;
    },
  };
}
