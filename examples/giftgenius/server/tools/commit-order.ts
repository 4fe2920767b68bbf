/**
 * `commit_order`: the only write. Runs under the caller's idempotency key: one order per key,
 * a repeat replays it, and the payment provider's key and the order id come from the effect
 * key the kit hands the side effect — the same for every retry and takeover of one request,
 * a new one once its record expired — so a retry after a lost answer or a crash never charges
 * twice, and no other request (another draft, or the same key a day later) inherits a charge.
 * What the person confirmed is captured with the record before the charge, so a retry after
 * an unknown outcome finishes that order even once the draft expired or the secret rotated.
 */
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import type { Money } from "mcp-widget-kit/contract";
import { orderPage } from "../../shop.ts";
import { giftGenius, OrderSchema } from "../../contract.ts";
import {
  defineTool,
  toToolError,
  ToolFailure,
  UpstreamProblem,
  idempotentResult,
  runCommit,
  type Attempt,
  type ToolErrorBody,
  type EffectContext,
  type ServerLogger,
  widgetToolMeta,
} from "mcp-widget-kit/server";
import type { DraftClaims } from "../drafts.ts";
import { startExternalCheckout } from "../external/start-checkout.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { paymentMethodOf } from "../saved-methods.ts";
import { PrepareOrderArgs } from "./prepare-order.ts";
import { multiplyAmount, ORDERS_SCOPE, toGiftCard, type GiftGeniusDeps } from "./shared.ts";

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
/** A saved method's id as the widget was given it: an id, never card data. */
const METHOD_ID = /^pm_[A-Za-z0-9]{1,64}$/;

/** The arguments of `commit_order`. */
export const CommitOrderArgs = v.strictObject({
  draft_id: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(200),
    v.description("The draft_id from prepare_order."),
  ),
  idempotency_key: v.pipe(
    v.string(),
    v.regex(KEY),
    v.description(
      "A unique key per purchase (8-128 of A-Z a-z 0-9 _ . : -), e.g. a UUID. Reuse it when retrying the same purchase.",
    ),
  ),
  payment_method_id: v.optional(
    v.pipe(
      v.string(),
      v.regex(METHOD_ID),
      v.description(
        "The id of one of the person's saved payment methods, as the app shows them (pm_…); without it, their default.",
      ),
    ),
  ),
});

/** What is stored and replayed: the success data or the final failure. */
export type CommitValue =
  | {
      ok: true;
      order: v.InferOutput<typeof OrderSchema>;
      /** An order paid on the merchant's checkout page: its session there. */
      external?: { session_id: string };
    }
  | { ok: false; error: ToolErrorBody & { request_id?: string } };

/** The closest valid arguments (validation examples). */
export function repairCommitOrder(args: {
  readonly [key: string]: unknown;
}): v.InferInput<typeof CommitOrderArgs> {
  return {
    draft_id:
      typeof args.draft_id === "string" && args.draft_id.length >= 1 && args.draft_id.length <= 200
        ? args.draft_id
        : "drf_from_prepare_order",
    idempotency_key:
      typeof args.idempotency_key === "string" && KEY.test(args.idempotency_key)
        ? args.idempotency_key
        : randomUUID(),
    // A bad method id is left out (the default is charged), never replaced by a made-up one.
    ...(typeof args.payment_method_id === "string" && METHOD_ID.test(args.payment_method_id)
      ? { payment_method_id: args.payment_method_id }
      : {}),
  };
}

/** The payment provider's idempotency key of one commit's effect. */
export function paymentKeyOf(effectKey: string): string {
  return `pay_${effectKey}`;
}

/** The order id of one commit's effect. */
export function orderIdOf(effectKey: string): string {
  return `ord_${effectKey.slice(0, 24)}`;
}

/** A refusal of the draft before anything happened (its code, sentence and next step are fixed). */
type DraftRefusal = Pick<ToolErrorBody, "code" | "message" | "next_action">;

const DRAFT_NOT_FOUND: DraftRefusal = {
  code: "DRAFT_NOT_FOUND",
  message: "This draft_id is not a draft from prepare_order.",
  next_action: GIFT_NEXT_ACTIONS.prepareAgain,
};
const DRAFT_EXPIRED: DraftRefusal = {
  code: "DRAFT_EXPIRED",
  message: "This draft has expired.",
  next_action: GIFT_NEXT_ACTIONS.prepareAgain,
};
const PRICE_CHANGED: DraftRefusal = {
  code: "PRICE_CHANGED",
  message: "The draft's total is not the current catalog price.",
  next_action: GIFT_NEXT_ACTIONS.prepareAgain,
};
const PAYMENT_METHOD_NOT_FOUND: DraftRefusal = {
  code: "PAYMENT_METHOD_NOT_FOUND",
  message:
    "This payment_method_id is not one of the person's saved payment methods; nothing was charged.",
  next_action: GIFT_NEXT_ACTIONS.prepareAgain,
};
const ITEM_UNAVAILABLE: DraftRefusal = {
  code: "ITEM_UNAVAILABLE",
  message: "This gift is no longer sold.",
  next_action: GIFT_NEXT_ACTIONS.searchAgain,
};

/**
 * Why a draft cannot be ordered, judged without trusting its signature (the development
 * secret is public): it must be a draft `prepare_order` could have issued — same argument
 * bounds — issued no later than now, and not expired.
 */
export function draftProblem(
  claims: DraftClaims | undefined,
  now: number,
): DraftRefusal | undefined {
  if (!claims || claims.issuedAt > now) return DRAFT_NOT_FOUND;
  const asPrepared = {
    gift_id: claims.giftId,
    quantity: claims.quantity,
    currency: claims.currency,
  };
  if (!v.is(PrepareOrderArgs, asPrepared)) return DRAFT_NOT_FOUND;
  if (claims.expiresAt <= now) return DRAFT_EXPIRED;
  return undefined;
}

/** A final failure that changed nothing (stored, so a repeat replays it). */
function refuse(refusal: DraftRefusal, requestId: string): Attempt<CommitValue> {
  return {
    final: true,
    value: {
      ok: false,
      error: {
        code: refusal.code,
        message: refusal.message,
        retryable: false,
        next_action: refusal.next_action,
        changes: "none",
        request_id: requestId,
      },
    },
  };
}

/**
 * What the person confirmed, captured with the idempotency record before the charge: every
 * later attempt of the record (a retry, the reconciler) charges exactly this (under the same
 * effect key) and places the order for it. `draft_id` is absent from records captured before
 * the reconciler existed.
 */
export interface Confirmed {
  gift_id: string;
  quantity: number;
  total: Money;
  draft_id?: string;
  /** Paid on the merchant's checkout page (external checkout), never charged by the commit. */
  way?: "external";
  /** The saved method charged (absent from records captured before saved methods existed). */
  payment_method_id?: string;
  /** Its display fields, for the order to say which card paid (absent from older records). */
  card?: { brand: string; last4: string };
}

/** What an in-doubt attempt's failure says instead of "nothing was charged". */
const UNFINISHED = {
  message:
    "The order is not finished yet; an earlier attempt may already have charged. Retry with the same idempotency_key to finish it.",
  changes: "unknown",
} as const;

/** The answer of an order given up and refunded (or voided, when nothing had been charged). */
function refunded(charged: boolean, requestId: string): Attempt<CommitValue> {
  const { final, value } = refuse(
    {
      code: "ORDER_REFUNDED",
      message: charged
        ? "The order could not be finished in time and was cancelled; its charge was refunded."
        : "The order could not be finished in time and was cancelled; nothing was charged.",
      next_action: GIFT_NEXT_ACTIONS.prepareAgain,
    },
    requestId,
  );
  if (value.ok) return { final, value };
  return {
    final,
    value: { ok: false, error: { ...value.error, changes: charged ? "applied" : "none" } },
  };
}

/** The provider's refusal as the commit's error; anything but a `ToolFailure` is rethrown. */
function providerFailure(thrown: unknown, context: AttemptContext): ToolErrorBody {
  if (!(thrown instanceof ToolFailure)) throw thrown;
  return toToolError(thrown, {
    requestId: context.requestId,
    log: context.log,
    tool: "commit_order",
  });
}

/** Where an attempt of a commit runs: its request id and log (the reconciler has its own). */
export interface AttemptContext {
  requestId: string;
  log: ServerLogger;
}

/**
 * The effect of a commit once what the person confirmed is known (judged now, or captured by
 * an earlier attempt): the merchant's checkout session for an order paid there, else the
 * charge. The retry and the reconciler run exactly this.
 */
export async function finishCommit(
  deps: Pick<GiftGeniusDeps, "payments" | "merchant">,
  effect: { effectKey: string; inDoubt: boolean },
  confirmed: Confirmed,
  draftId: string,
  context: AttemptContext,
): Promise<Attempt<CommitValue>> {
  return confirmed.way === "external"
    ? startExternalCheckout(deps.merchant, effect.effectKey, confirmed, draftId, context)
    : finishOrder(deps, effect, confirmed, draftId, context);
}

/**
 * The direct charge: charge `confirmed.total` under `pay_<effect key>` and place the order
 * `ord_<effect key>`.
 */
export async function finishOrder(
  deps: Pick<GiftGeniusDeps, "payments">,
  effect: { effectKey: string; inDoubt: boolean },
  confirmed: Confirmed,
  draftId: string,
  context: AttemptContext,
): Promise<Attempt<CommitValue>> {
  const { effectKey, inDoubt } = effect;
  let refundId: string | undefined;
  try {
    const charge = await deps.payments.charge({
      idempotencyKey: paymentKeyOf(effectKey),
      amount: confirmed.total,
      ...(confirmed.payment_method_id ? { paymentMethodId: confirmed.payment_method_id } : {}),
    });
    refundId = charge.refundId;
  } catch (thrown) {
    const error = providerFailure(thrown, context);
    const mayHaveCharged = inDoubt || error.changes === "unknown";
    // After a charge that may have gone through, "nothing was charged" would be false.
    const honest = mayHaveCharged && error.changes === "none" ? { ...error, ...UNFINISHED } : error;
    return error.retryable
      ? { final: false, value: { ok: false, error: honest }, inDoubt: mayHaveCharged }
      : { final: true, value: { ok: false, error: honest } };
  }
  // A stalled attempt waking after the reconciler refunded its charge: the order is gone.
  if (refundId) return refunded(true, context.requestId);
  const orderId = orderIdOf(effectKey);
  return {
    final: true,
    // Lost in a database crash, this completion is redone from the captured claims to this
    // same order (the provider replays the charge, the id is the effect key's): it need not
    // wait for the disk. A refusal is not redone alike, so it waits.
    deferFlush: true,
    value: {
      ok: true,
      order: {
        order_id: orderId,
        draft_id: confirmed.draft_id ?? draftId,
        status: "created",
        total: confirmed.total,
        checkout_url: orderPage(orderId),
        ...(confirmed.card ? { card: confirmed.card } : {}),
      },
    },
  };
}

/**
 * Gives an in-doubt order up: refunds its charge under `pay_<effect key>` (or voids the key
 * when nothing was charged, so a stalled attempt cannot charge it later). A provider outage
 * leaves it in doubt for the next round.
 */
export async function refundOrder(
  deps: Pick<GiftGeniusDeps, "payments">,
  effectKey: string,
  context: AttemptContext,
): Promise<Attempt<CommitValue>> {
  try {
    const charge = await deps.payments.refund({ idempotencyKey: paymentKeyOf(effectKey) });
    return refunded(charge !== undefined, context.requestId);
  } catch (thrown) {
    const error = providerFailure(thrown, context);
    return {
      final: false,
      value: { ok: false, error: { ...error, ...UNFINISHED } },
      inDoubt: true,
    };
  }
}

/** A draft judged orderable now: the gift as sold, the person's quantity and the catalog's total. */
export interface PricedDraft {
  readonly claims: DraftClaims;
  readonly card: ReturnType<typeof toGiftCard>;
  readonly total: Money;
}

/**
 * The first judgement of a payment, before anything is charged (the commit's, and the payment
 * sheet's session): the draft must be one `prepare_order` issued for this caller, unexpired,
 * for a gift still sold at the total the person was shown. The catalog's total is charged,
 * never the draft's. A refusal or a catalog failure here changed nothing.
 */
export async function priceDraft(
  deps: GiftGeniusDeps,
  draftId: string,
  scope: string,
  context: { requestId: string; log: ServerLogger; signal?: AbortSignal },
): Promise<PricedDraft | Attempt<CommitValue>> {
  const claims = deps.drafts.read(draftId, scope);
  const problem = draftProblem(claims, deps.now());
  if (problem || !claims) return refuse(problem ?? DRAFT_NOT_FOUND, context.requestId);
  try {
    const gift = await deps.catalog.get(claims.giftId, context.signal);
    if (!gift || gift.discontinued) return refuse(ITEM_UNAVAILABLE, context.requestId);
    const card = toGiftCard(gift, claims.currency);
    const total = {
      amount: multiplyAmount(card.price.amount, claims.quantity),
      currency: claims.currency,
    };
    // A draft showing another total was not confirmed at this price.
    if (total.amount !== claims.total) return refuse(PRICE_CHANGED, context.requestId);
    return { claims, card, total };
  } catch (thrown) {
    if (!(thrown instanceof ToolFailure) && !(thrown instanceof UpstreamProblem)) throw thrown;
    // A final catalog failure is stored and replayed; a retryable one is recorded and leaves
    // the key bound to this draft, so only its retry runs again.
    const error = toToolError(thrown, {
      requestId: context.requestId,
      log: context.log,
      tool: "commit_order",
      changes: "none",
    });
    return { final: !error.retryable, value: { ok: false, error } };
  }
}

/**
 * The commit's judgement: what the person confirmed, or the answer that ends the commit. The
 * method must be one the caller saved (another person's id or an unknown one is refused before
 * anything is charged); none given is their default.
 */
async function judge(
  deps: GiftGeniusDeps,
  args: v.InferOutput<typeof CommitOrderArgs>,
  scope: string,
  context: { requestId: string; log: ServerLogger; signal?: AbortSignal },
): Promise<Confirmed | Attempt<CommitValue>> {
  const method = paymentMethodOf(scope, args.payment_method_id);
  if (!method) return refuse(PAYMENT_METHOD_NOT_FOUND, context.requestId);
  const priced = await priceDraft(deps, args.draft_id, scope, context);
  if ("final" in priced) return priced;
  return {
    gift_id: priced.claims.giftId,
    quantity: priced.claims.quantity,
    total: priced.total,
    payment_method_id: method.id,
    card: { brand: method.brand, last4: method.last4 },
  };
}

/**
 * What the person reads in a client that shows no widget but a form (the kit asks, seals and
 * spends it; docs/server.md, "Confirmation in every client"): the draft priced as the commit
 * will price it — a draft the commit would refuse is refused here, before the person is asked
 * — and what paying means here: the default saved card charged, or the merchant's page.
 */
export function orderForm(deps: GiftGeniusDeps) {
  return {
    store: deps.store,
    async draft(draftId: string, caller: string) {
      const context = { requestId: `form-${randomUUID()}`, log: deps.log };
      const priced = await priceDraft(deps, draftId, caller, context);
      if ("final" in priced) {
        if (priced.value.ok) throw new TypeError("a refusal without an error");
        const { code } = priced.value.error;
        if (code === "DRAFT_NOT_FOUND" || code === "DRAFT_EXPIRED") return code;
        throw new ToolFailure(priced.value.error);
      }
      const method = paymentMethodOf(caller, undefined);
      const words = deps.merchant
        ? "Start the checkout of this order? You pay on the merchant's page; nothing is charged here."
        : method
          ? `Place this order? Your default card, ${method.brand} ending ${method.last4}, is charged.`
          : "Place this order?";
      const draft = {
        gift: priced.card.title,
        quantity: priced.claims.quantity,
        total: priced.total,
      };
      return { words, draft };
    },
  };
}

/** Builds the tool. */
export function commitOrderTool(deps: GiftGeniusDeps) {
  return defineTool(giftGenius, "order", {
    name: "commit_order",
    title: "Place the order",
    // With external checkout on, the order is paid on the merchant's page, not charged here:
    // ChatGPT shows `invoked` after the call, and "Order placed" would be untrue before payment.
    description: deps.merchant
      ? "Start the checkout of a draft from prepare_order: answers the merchant's checkout page, where the " +
        "person pays; nothing is charged here. The app calls it when the person confirms the draft in the widget; " +
        "in a client without the widget, calling it asks the person to confirm in a form. Send one idempotency_key per purchase and reuse it on every retry: " +
        "it opens one checkout."
      : "Place the order for a draft from prepare_order and charge the person. The app calls it when the person " +
        "confirms the draft in the widget; in a client without the widget, calling it asks the person to confirm in a form. Send one idempotency_key per purchase " +
        "and reuse it on every retry of that purchase: it is never charged twice.",
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    meta: widgetToolMeta(
      deps.widget,
      deps.merchant
        ? { invoking: "Opening the checkout…", invoked: "Checkout ready" }
        : { invoking: "Placing the order…", invoked: "Order placed" },
    ),
    auth: { scopes: [ORDERS_SCOPE] },
    arguments: { schema: CommitOrderArgs, repair: repairCommitOrder },
    writes: true,
    // The person confirms in the widget: hidden from the model, a new order placed only with
    // the proof prepare_order's result gave the widget (the kit checks it). The record answers
    // first: a replay, or the finish of an order in doubt, needs no fresh proof (the secret
    // may have been dropped, the proof may be past its life), and nothing else runs without it.
    // A client without the widget that shows forms asks the person there instead.
    confirm: { prepare: "prepare_order", recordFirst: true, form: orderForm(deps) },
    async handler(args, context) {
      // The token's subject (the tool requires a verified caller): keys, orders and the
      // payment key of one person never meet another's.
      const scope = context.caller;

      async function execute({
        effectKey,
        captured,
        inDoubt,
        capture,
      }: EffectContext<Confirmed>): Promise<Attempt<CommitValue>> {
        // Once captured, the order is finished from what the person confirmed: an earlier
        // attempt may have charged, so the draft (expired, or signed with a rotated secret)
        // and the catalog (down, or repriced) are never asked again.
        let confirmed = captured;
        if (!confirmed) {
          const judged = await judge(deps, args, scope, context);
          if ("final" in judged) return judged;
          // With external checkout on, the person pays on the merchant's page: captured so,
          // every later attempt (and the reconciler) creates that checkout, never a charge.
          confirmed = {
            ...judged,
            draft_id: args.draft_id,
            ...(deps.merchant ? { way: "external" as const } : {}),
          };
          await capture(confirmed);
        }
        return finishCommit(deps, { effectKey, inDoubt }, confirmed, args.draft_id, context);
      }

      // The caller and the key key the record, the draft id is what the key is bound to;
      // nothing is charged before the capture, a durable write that flushes the claim too.
      // A store that cannot claim the key is the kit's DATABASE_UNAVAILABLE, `changes:
      // "unknown"` (an earlier attempt under the key may be in doubt).
      const outcome = await runCommit<CommitValue, Confirmed>({
        store: deps.store,
        args,
        context,
        timing: deps.timing,
        now: deps.now,
        // The judge only reads (the signed draft, the catalog): the claim and the capture
        // are one durable write for a fresh key.
        judgeFirst: true,
        execute,
        onStoreError: (error) =>
          context.log.error("idempotency_store_failed_after_effect", {
            request_id: context.requestId,
            error_message: error instanceof Error ? error.message : String(error),
          }),
      });
      return idempotentResult(outcome, (value, replayed) => {
        if (!value.ok)
          return {
            ok: false,
            error: value.error,
            ...(replayed ? { extra: { replayed: true } } : {}),
          };
        // The card it was charged to is the widget's alone (`_meta`), never the model's.
        const { card, ...order } = value.order;
        const widgetOnly = card ? { widgetOnly: { card } } : {};
        // External checkout: the order waits for the person to pay on the merchant's page.
        if (value.external)
          return {
            ok: true,
            data: { order, replayed },
            ...widgetOnly,
            text: `Order ${String(order.order_id)} awaits payment on the merchant's checkout page: nothing is charged until the person pays there. Ask order_status with the draft_id whether it was paid.`,
          };
        const text = replayed
          ? `Order ${String(order.order_id)} was already placed with this key (replayed; not charged again).`
          : `Order ${String(order.order_id)} placed.`;
        return { ok: true, data: { order, replayed }, ...widgetOnly, text };
      });
    },
  });
}
