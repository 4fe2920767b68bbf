/**
 * `commit_order`: the only write. Runs under the caller's idempotency key: one order per key,
 * a repeat replays it, and the payment provider's key and the order id come from the effect
 * key the kit hands the side effect — the same for every retry and takeover of one request,
 * a new one once its record expired — so a retry after a lost answer or a crash never charges
 * twice, and no other request (another draft, or the same key a day later) inherits a charge.
 */
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import { giftGenius, OrderSchema } from "../../contract.ts";
import {
  defineTool,
  toToolError,
  ToolFailure,
  UpstreamProblem,
  idempotentResult,
  runIdempotent,
  type ToolErrorBody,
  type EffectContext,
  widgetToolMeta,
} from "mcp-widget-kit/server";
import type { DraftClaims } from "../drafts.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { PrepareOrderArgs } from "./prepare-order.ts";
import { multiplyAmount, ORDERS_SCOPE, toGiftCard, type GiftGeniusDeps } from "./shared.ts";

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

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
});

/** What is stored and replayed: the success data or the final failure. */
type CommitValue =
  | { ok: true; order: v.InferOutput<typeof OrderSchema> }
  | { ok: false; error: ToolErrorBody & { request_id?: string } };

/** The closest valid arguments (validation examples). */
export function repairCommitOrder(args: { readonly [key: string]: unknown }): {
  [key: string]: unknown;
} {
  return {
    draft_id:
      typeof args.draft_id === "string" && args.draft_id.length >= 1 && args.draft_id.length <= 200
        ? args.draft_id
        : "drf_from_prepare_order",
    idempotency_key:
      typeof args.idempotency_key === "string" && KEY.test(args.idempotency_key)
        ? args.idempotency_key
        : randomUUID(),
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
function refuse(refusal: DraftRefusal, requestId: string): { final: true; value: CommitValue } {
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

/** Builds the tool. */
export function commitOrderTool(deps: GiftGeniusDeps) {
  return defineTool(giftGenius, "order", {
    name: "commit_order",
    title: "Place the order",
    description:
      "Place the order for a draft from prepare_order and charge the person. The app calls it when the person " +
      "confirms the draft in the widget (it needs the widget's confirmation). Send one idempotency_key per purchase " +
      "and reuse it on every retry of that purchase: it is never charged twice.",
    annotations: {
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    },
    meta: widgetToolMeta(deps.widget, { invoking: "Placing the order…", invoked: "Order placed" }),
    auth: { scopes: [ORDERS_SCOPE] },
    arguments: { schema: CommitOrderArgs, repair: repairCommitOrder },
    writes: true,
    // The person confirms in the widget: hidden from the model, run only with the proof
    // prepare_order's result gave the widget (the kit checks it before this handler).
    confirm: { prepare: "prepare_order" },
    async handler(args, context) {
      // The token's subject (the tool requires a verified caller): keys, orders and the
      // payment key of one person never meet another's.
      const scope = context.caller;
      let executed = false;

      async function execute({
        effectKey,
      }: EffectContext): Promise<{ final: boolean; value: CommitValue }> {
        executed = true;
        const claims = deps.drafts.read(args.draft_id, scope);
        const problem = draftProblem(claims, deps.now());
        if (problem || !claims) return refuse(problem ?? DRAFT_NOT_FOUND, context.requestId);
        try {
          const gift = await deps.catalog.get(claims.giftId, context.signal);
          if (!gift || gift.discontinued) return refuse(ITEM_UNAVAILABLE, context.requestId);
          // The total charged is the catalog's, never the draft's; a draft showing another
          // total was not confirmed at this price.
          const card = toGiftCard(gift, claims.currency);
          const total = {
            amount: multiplyAmount(card.price.amount, claims.quantity),
            currency: claims.currency,
          };
          if (total.amount !== claims.total) return refuse(PRICE_CHANGED, context.requestId);
          await deps.payments.charge({ idempotencyKey: paymentKeyOf(effectKey), amount: total });
          const orderId = orderIdOf(effectKey);
          return {
            final: true,
            value: {
              ok: true,
              order: {
                order_id: orderId,
                draft_id: args.draft_id,
                status: "created",
                total,
                checkout_url: `https://shop.giftgenius.example/orders/${orderId}`,
              },
            },
          };
        } catch (thrown) {
          if (!(thrown instanceof ToolFailure) && !(thrown instanceof UpstreamProblem))
            throw thrown;
          // Catalog and payment failures: a final one is stored and replayed; a retryable one is
          // recorded and leaves the key bound to this draft, so only its retry runs again.
          const error = toToolError(thrown, {
            requestId: context.requestId,
            log: context.log,
            tool: "commit_order",
            changes: "none",
          });
          return { final: !error.retryable, value: { ok: false, error } };
        }
      }

      let outcome;
      try {
        outcome = await runIdempotent<CommitValue>({
          store: deps.store,
          scope,
          key: args.idempotency_key,
          args: { draft_id: args.draft_id },
          timing: deps.timing,
          now: deps.now,
          execute,
          onStoreError: (error) =>
            context.log.error("idempotency_store_failed_after_effect", {
              request_id: context.requestId,
              error_message: error instanceof Error ? error.message : String(error),
            }),
        });
      } catch (thrown) {
        if (executed) throw thrown;
        throw new ToolFailure(
          {
            code: "DATABASE_UNAVAILABLE",
            message: "The order database is unavailable; nothing was charged.",
            retryable: true,
            retry_after_seconds: 5,
            next_action: GIFT_NEXT_ACTIONS.retrySameKey,
            changes: "none",
          },
          { cause: thrown },
        );
      }
      return idempotentResult(outcome, (value, replayed) => {
        if (!value.ok)
          return {
            ok: false,
            error: value.error,
            ...(replayed ? { extra: { replayed: true } } : {}),
          };
        const text = replayed
          ? `Order ${String(value.order.order_id)} was already placed with this key (replayed; not charged again).`
          : `Order ${String(value.order.order_id)} placed.`;
        return { ok: true, data: { order: value.order, replayed }, text };
      });
    },
  });
}
