/**
 * `start_external_checkout`: the person confirmed a draft in the widget and pays on the
 * merchant's own checkout page. The commit's effect creates the merchant's checkout session
 * under the effect key — a double click, a retry after a lost answer or a second process meets
 * the one session — and answers its URL as the order's `checkout_url`, for the widget to hand
 * the person over with the host's open-link. Nothing is charged here: the provider's webhook
 * marks the order paid (external/checkout-webhook.ts) and `order_status` reads it. The commit
 * takes the draft's single use, so one draft buys one checkout, and not also a `commit_order`
 * or a payment on the sheet. docs/checkout.md, "External checkout".
 */
import {
  defineTool,
  idempotentResult,
  runCommit,
  ToolFailure,
  widgetToolMeta,
  type Attempt,
  type EffectContext,
} from "mcp-widget-kit/server";
import { giftGenius } from "../../contract.ts";
import type { MerchantCheckouts } from "../external/merchant-checkouts.ts";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import {
  CommitOrderArgs,
  orderIdOf,
  priceDraft,
  repairCommitOrder,
  type CommitValue,
  type Confirmed,
} from "./commit-order.ts";
import { ORDERS_SCOPE, type GiftGeniusDeps } from "./shared.ts";

/** The tool's name: the widget calls it where the server offers it and the host has no sheet. */
export const START_EXTERNAL_CHECKOUT = "start_external_checkout";

/** The merchant's idempotency key of one commit's effect. */
export function checkoutKeyOf(effectKey: string): string {
  return `chk_${effectKey}`;
}

/**
 * What is stored and replayed: a commit's value, with the merchant session an external order
 * is paid on (`order_status` reads its state from the merchant).
 */
export type ExternalValue = CommitValue & { external?: { session_id: string } };

/** Builds the tool on `merchant`. */
export function externalCheckoutTool(deps: GiftGeniusDeps, merchant: MerchantCheckouts) {
  return defineTool(giftGenius, "order", {
    name: START_EXTERNAL_CHECKOUT,
    title: "Start the checkout",
    description:
      "Create the merchant checkout for a draft from prepare_order, which the person then pays on the merchant's " +
      "page. The app calls it when the person confirms the draft in the widget. Nothing is charged here; ask " +
      "order_status with the draft_id whether it was paid.",
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: true,
    },
    meta: widgetToolMeta(deps.widget, {
      invoking: "Starting the checkout…",
      invoked: "Checkout ready",
    }),
    auth: { scopes: [ORDERS_SCOPE] },
    arguments: { schema: CommitOrderArgs, repair: repairCommitOrder },
    writes: true,
    // The person's click, by construction: hidden from the model, and run only with the proof
    // prepare_order's result gave the widget; a replay needs none.
    confirm: { prepare: "prepare_order", recordFirst: true },
    async handler(args, context) {
      async function execute({
        effectKey,
        captured,
        capture,
      }: EffectContext<Confirmed>): Promise<Attempt<ExternalValue>> {
        let confirmed = captured;
        if (!confirmed) {
          const priced = await priceDraft(deps, args.draft_id, context.caller, context);
          if ("final" in priced) return priced;
          confirmed = {
            gift_id: priced.claims.giftId,
            quantity: priced.claims.quantity,
            total: priced.total,
            draft_id: args.draft_id,
          };
          await capture(confirmed);
        }
        const orderId = orderIdOf(effectKey);
        try {
          const session = await merchant.createSession({
            idempotencyKey: checkoutKeyOf(effectKey),
            orderId,
            draftId: confirmed.draft_id ?? args.draft_id,
            total: confirmed.total,
          });
          return {
            final: true,
            value: {
              ok: true,
              order: {
                order_id: orderId,
                draft_id: session.draftId,
                status: "created",
                total: confirmed.total,
                checkout_url: session.url,
              },
              external: { session_id: session.sessionId },
            },
          };
        } catch (thrown) {
          // The merchant did not answer: its key makes the retry meet the same session.
          context.log.warn("merchant_checkout_failed", {
            request_id: context.requestId,
            error_message: thrown instanceof Error ? thrown.message : String(thrown),
          });
          return {
            final: false,
            inDoubt: false,
            value: {
              ok: false,
              error: {
                code: "UPSTREAM_UNAVAILABLE",
                message: "The checkout could not be started; nothing was charged.",
                retryable: true,
                retry_after_seconds: 2,
                next_action: GIFT_NEXT_ACTIONS.retrySameKey,
                changes: "none",
              },
            },
          };
        }
      }

      const outcome = await runCommit<ExternalValue, Confirmed>({
        store: deps.store,
        args,
        context,
        timing: deps.timing,
        now: deps.now,
        judgeFirst: true,
        execute,
      }).catch((thrown: unknown) => {
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
      });
      return idempotentResult(outcome, (value, replayed) => {
        if (!value.ok) return { ok: false, error: value.error };
        return {
          ok: true,
          data: { order: value.order, replayed },
          text:
            `Order ${value.order.order_id} awaits payment on the merchant's checkout page: nothing is charged ` +
            "until the person pays there. Ask order_status with the draft_id whether it was paid.",
        };
      });
    },
  });
}
