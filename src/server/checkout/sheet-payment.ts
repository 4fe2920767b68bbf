/**
 * One payment attempt of a payment-sheet checkout, as the kit's idempotent effect: what the
 * app's payment provider must offer, what is captured before the charge leaves, and how one
 * record's charge is finished — by the first attempt, a retry, or the reconciler, all through
 * `chargeFromClaims` under the record's effect key, so a lost answer never turns into a second
 * charge. See docs/checkout.md.
 */
import { createHash } from "node:crypto";
import { KIT_RECORD_KIND } from "../idempotency/reconcile.ts";
import type { Attempt, EffectContext } from "../idempotency/run-idempotent.ts";
import type { SqlQueries } from "../stores/sql-database.ts";
import type {
  CheckoutAddress,
  CompleteCheckoutArguments,
  PaymentMode,
  RefusedCheckout,
} from "./sheet-types.ts";

/** The refusals the sheet shows itself. */
type SheetErrorCode = RefusedCheckout["messages"][0]["code"];

/** What the provider is asked to charge. */
export interface SheetChargeRequest {
  /** The sheet's single-use, amount-capped token. */
  readonly token: string;
  /** The provider the token is for (the sheet's `payment_data.provider`). */
  readonly provider: string;
  /** Minor units, from the signed session: never from the caller. */
  readonly amount: number;
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** Live or test money (the provider's live or test account). */
  readonly mode: PaymentMode;
  /**
   * Pass it as the provider's idempotency key: the same for every attempt of this payment
   * (a retry, a takeover, the reconciler), so the provider charges it once.
   */
  readonly idempotencyKey: string;
  /** The session paid (for the provider's metadata). */
  readonly checkoutSessionId: string;
  /** The draft the session was built from. */
  readonly draftId: string;
  /** The billing address the sheet sent, if any. */
  readonly billingAddress: CheckoutAddress | null;
}

/**
 * The provider's definite answers. Anything it cannot say for sure (a timeout, a dropped
 * connection after the request left) it throws: the payment is then in doubt, finished by a
 * retry or the reconciler under the same idempotency key.
 */
export type SheetChargeOutcome =
  /** Charged (or the provider replayed the charge made under this key). */
  | { readonly status: "succeeded"; readonly chargeId: string }
  /** Refused, nothing charged; the sheet tells the person. */
  | { readonly status: "declined" }
  /** The card needs 3-D Secure, nothing charged; the sheet asks the person. */
  | { readonly status: "requires_3ds" }
  /** The provider refused the request before acting (HTTP 503): nothing charged. */
  | { readonly status: "unavailable" };

/** What the provider is asked to undo: the charge made under `chargeIdempotencyKey`, if any. */
export interface SheetRefundRequest {
  /** The refund's own idempotency key (one refund per payment). */
  readonly idempotencyKey: string;
  /** The charge's idempotency key; the provider must also void it so no later charge lands. */
  readonly chargeIdempotencyKey: string;
  /** The amount charged, in minor units. */
  readonly amount: number;
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** Live or test money. */
  readonly mode: PaymentMode;
}

/** The app's payment service provider, as the payment sheet's checkout uses it. */
export interface SheetPaymentProvider {
  /** Charges once per `idempotencyKey`; throws when the outcome is unknown. */
  charge(request: SheetChargeRequest): Promise<SheetChargeOutcome>;
  /**
   * Refunds (or voids) the payment of `chargeIdempotencyKey`, once per `idempotencyKey`;
   * throws when it cannot say (the reconciler tries again).
   */
  refund(request: SheetRefundRequest): Promise<{ readonly status: "refunded" | "nothing_charged" }>;
}

/** The order the kit hands the app to write with the record (`recordOrder`). */
export interface SheetOrder {
  /** The order's id (`SheetOrders.orderId`): the same whoever finishes the payment. */
  readonly orderId: string;
  /** The session paid. */
  readonly checkoutSessionId: string;
  /** The draft the session was built from: what the app fulfils. */
  readonly draftId: string;
  /** The provider's charge. */
  readonly chargeId: string;
  /** What was charged, in minor units. */
  readonly amount: number;
  /** ISO 4217, upper case. */
  readonly currency: string;
  /** Live or test money: a test order is never shipped. */
  readonly mode: PaymentMode;
  /** The buyer's contact as the sheet sent it. */
  readonly buyer: CompleteCheckoutArguments["buyer"];
  /** The order's page (`SheetOrders.permalinkUrl`). */
  readonly permalinkUrl: string;
}

/**
 * Marks the records of payment-sheet checkouts among a store's in-doubt records: a kit kind,
 * so no reconciler but the sheet's settles one (`isKitRecord`).
 */
export const SHEET_RECORD = `${KIT_RECORD_KIND}payment-sheet` as const;

/** What is captured before the charge leaves: everything needed to finish it later. */
export interface SheetClaims {
  readonly kind: typeof SHEET_RECORD;
  readonly session_id: string;
  readonly draft_id: string;
  readonly amount: number;
  readonly currency: string;
  readonly mode: PaymentMode;
  /** Kept so a retry or the reconciler finishes this payment with its own token. */
  readonly token: string;
  readonly provider: string;
  readonly billing_address: CheckoutAddress | null;
  readonly buyer: CompleteCheckoutArguments["buyer"];
}

/** What a record stores (and replays). */
export type SheetValue =
  | {
      readonly outcome: "completed";
      readonly session_id: string;
      readonly order_id: string;
      readonly permalink_url: string;
      readonly amount: number;
      readonly currency: string;
    }
  /** Refused for the token whose digest is given: a new token may pay in the next record. */
  | { readonly outcome: "refused"; readonly code: SheetErrorCode; readonly token_digest: string }
  | { readonly outcome: "refunded" }
  | { readonly outcome: "expired" }
  /** Not final: nothing was charged by this attempt (503). */
  | { readonly outcome: "unavailable" }
  /** Not final: the charge may have happened. */
  | { readonly outcome: "in_doubt" };

/** A token's digest: which token a refusal was for, without storing it in the answer. */
export function tokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex").slice(0, 32);
}

/** The provider's idempotency key of a record's charge, and of its refund. */
export const chargeKeyOf = (effectKey: string): string => `sheet_${effectKey}`;
export const refundKeyOf = (effectKey: string): string => `sheet_refund_${effectKey}`;

/** How the app places the order: its id, its page, and its own rows. */
export interface SheetOrders {
  /** The order's id from the record's effect key (default `ord_` and the key's first 24). */
  orderId?(effectKey: string): string;
  /** The order's page, shown by the sheet (`https:`). */
  permalinkUrl(orderId: string): string;
  /**
   * The app's own order rows, written in the transaction that completes the record: the
   * order exists exactly when the payment's record says completed.
   */
  recordOrder?(tx: SqlQueries, order: SheetOrder): Promise<void>;
}

/** A `succeeded` outcome as the provider must give it; anything else is not trusted. */
function isSucceeded(outcome: unknown): outcome is { status: "succeeded"; chargeId: string } {
  const o = outcome as { status?: unknown; chargeId?: unknown } | null;
  return (
    o?.status === "succeeded" &&
    typeof o.chargeId === "string" &&
    o.chargeId.length > 0 &&
    o.chargeId.length <= 256
  );
}

/**
 * Charges the captured payment under the record's effect key and says what to store: the
 * order (with the app's rows) once charged; a refusal for this token (definite: nothing was
 * charged under this key); a retryable 503; or doubt when the provider threw or answered
 * something it should not.
 */
export async function chargeFromClaims(
  claims: SheetClaims,
  effect: Pick<EffectContext, "effectKey" | "fence">,
  provider: SheetPaymentProvider,
  orders: SheetOrders,
  onDoubt: (error: unknown) => void,
): Promise<Attempt<SheetValue>> {
  // Only an attempt that still holds the record may call out.
  await effect.fence();
  let outcome: SheetChargeOutcome;
  try {
    outcome = await provider.charge({
      token: claims.token,
      provider: claims.provider,
      amount: claims.amount,
      currency: claims.currency,
      mode: claims.mode,
      idempotencyKey: chargeKeyOf(effect.effectKey),
      checkoutSessionId: claims.session_id,
      draftId: claims.draft_id,
      billingAddress: claims.billing_address,
    });
  } catch (error) {
    onDoubt(error);
    return { final: false, inDoubt: true, value: { outcome: "in_doubt" } };
  }
  if (outcome?.status === "declined" || outcome?.status === "requires_3ds")
    return {
      final: true,
      definite: true,
      value: {
        outcome: "refused",
        code: outcome.status === "declined" ? "payment_declined" : "requires_3ds",
        token_digest: tokenDigest(claims.token),
      },
    };
  if (outcome?.status === "unavailable") return { final: false, value: { outcome: "unavailable" } };
  if (!isSucceeded(outcome)) {
    onDoubt(new TypeError("the payment provider answered with no known status"));
    return { final: false, inDoubt: true, value: { outcome: "in_doubt" } };
  }
  const orderId = orders.orderId?.(effect.effectKey) ?? `ord_${effect.effectKey.slice(0, 24)}`;
  const permalinkUrl = orders.permalinkUrl(orderId);
  const order: SheetOrder = {
    orderId,
    checkoutSessionId: claims.session_id,
    draftId: claims.draft_id,
    chargeId: outcome.chargeId,
    amount: claims.amount,
    currency: claims.currency,
    mode: claims.mode,
    buyer: claims.buyer,
    permalinkUrl,
  };
  const recordOrder = orders.recordOrder;
  return {
    final: true,
    value: {
      outcome: "completed",
      session_id: claims.session_id,
      order_id: orderId,
      permalink_url: permalinkUrl,
      amount: claims.amount,
      currency: claims.currency,
    },
    ...(recordOrder ? { local: (tx: SqlQueries) => recordOrder(tx, order) } : {}),
  };
}

/**
 * Undoes a record's payment (the reconciler, once the record is older than the app allows):
 * a refund — or a void of a charge that never landed — under the record's own keys, stored as
 * the record's definite answer. Throws when the provider cannot say (the next round retries).
 */
export async function refundFromClaims(
  claims: SheetClaims,
  effect: Pick<EffectContext, "effectKey" | "fence">,
  provider: SheetPaymentProvider,
): Promise<Attempt<SheetValue>> {
  await effect.fence();
  const answer = await provider.refund({
    idempotencyKey: refundKeyOf(effect.effectKey),
    chargeIdempotencyKey: chargeKeyOf(effect.effectKey),
    amount: claims.amount,
    currency: claims.currency,
    mode: claims.mode,
  });
  if (answer?.status !== "refunded" && answer?.status !== "nothing_charged")
    throw new TypeError("the payment provider's refund answered with no known status");
  return { final: true, definite: true, value: { outcome: "refunded" } };
}

/** Whether a captured value is a payment-sheet checkout's (the reconciler's dispatch). */
export function isSheetClaims(captured: unknown): captured is SheetClaims {
  return (
    typeof captured === "object" &&
    captured !== null &&
    (captured as { kind?: unknown }).kind === SHEET_RECORD
  );
}
