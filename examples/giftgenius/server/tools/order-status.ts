/**
 * `order_status`: "did my order go through?", answered from the record, never guessed. The
 * person confirms in the widget, so the model holds only the draft id `prepare_order` gave it;
 * the kit's `peekCommit` reads the commit of that draft whatever key the widget sent. A read:
 * it starts, finishes and charges nothing, so the model may call it as often as it likes.
 */
import * as v from "valibot";
import { giftGenius } from "../../contract.ts";
import {
  defineTool,
  idempotentResult,
  peekCommit,
  ToolFailure,
  type SheetPaymentStatus,
} from "mcp-widget-kit/server";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { fromMinorUnits } from "../sheet-payments.ts";
import { draftProblem, type CommitValue } from "./commit-order.ts";
import { externalAnswer } from "../external/external-status.ts";
import { ORDERS_SCOPE, type GiftGeniusDeps } from "./shared.ts";

/** The arguments of `order_status`. */
export const OrderStatusArgs = v.strictObject({
  draft_id: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(200),
    v.description("The draft_id from prepare_order."),
  ),
});

/** Builds the tool. */
export function orderStatusTool(deps: GiftGeniusDeps) {
  return defineTool(giftGenius, "order", {
    name: "order_status",
    title: "Check an order",
    description:
      "Check what became of a draft from prepare_order: placed (with its order), still waiting for the person's " +
      "confirmation in the app, expired, or refused. Read-only; call it whenever the person asks whether an order went through.",
    annotations: {
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    },
    // The person's own orders: the same sign-in as prepare_order.
    auth: { scopes: [ORDERS_SCOPE] },
    arguments: {
      schema: OrderStatusArgs,
      repair: (args) => ({
        draft_id: typeof args.draft_id === "string" ? args.draft_id : "drf_from_prepare_order",
      }),
    },
    async handler(args, context) {
      const commit = await peekCommit<CommitValue>(deps.store, args.draft_id, context);
      if (commit?.state === "payment_sheet") return sheetAnswer(args.draft_id, commit.payment);
      // An order paid on the merchant's page: the merchant's session says whether it was paid.
      if (commit?.state === "replayed" && commit.value.ok && commit.value.external)
        return externalAnswer(commit.value, commit.value.external.session_id, deps);
      // A commit running now, or in doubt and owed its end: said in the model's terms (it holds
      // the draft id, never the widget's idempotency key the kit's own answer speaks of).
      if (commit?.state === "in_progress")
        throw new ToolFailure({
          code: "IN_PROGRESS",
          message:
            "The person confirmed this draft and the order is still being placed: it may or may not have been charged yet. It will be placed and charged at most once.",
          retryable: true,
          retry_after_seconds: commit.retryAfterSeconds,
          next_action: GIFT_NEXT_ACTIONS.retryLater,
          changes: "unknown",
        });
      if (commit)
        return idempotentResult(commit, (value) => {
          if (!value.ok) return { ok: false, error: value.error };
          return {
            ok: true,
            data: { order: value.order, replayed: true },
            text: `Order ${String(value.order.order_id)} was placed (${String(value.order.status)}).`,
          };
        });
      // No commit of this draft is on record: the draft itself says why.
      const now = deps.now();
      const claims = deps.drafts.read(args.draft_id, context.caller);
      const problem = draftProblem(claims, now);
      if (!claims || (problem && problem.code !== "DRAFT_EXPIRED")) {
        throw new ToolFailure({
          code: "DRAFT_NOT_FOUND",
          message: "This draft_id is not a draft from prepare_order for this person.",
          retryable: false,
          next_action: GIFT_NEXT_ACTIONS.prepareAgain,
          changes: "none",
        });
      }
      // Records are kept ttlMs after a draft could first be committed: before that, no record
      // proves no order; after it, the record may have been purged.
      const recordsKept =
        deps.timing.ttlMs !== undefined && now < claims.issuedAt + deps.timing.ttlMs;
      if (problem) {
        throw new ToolFailure({
          code: "DRAFT_EXPIRED",
          message: recordsKept
            ? "This draft expired before the person confirmed it: nothing was ordered or charged."
            : "This draft expired, and no order from it is on record any more.",
          retryable: false,
          next_action: GIFT_NEXT_ACTIONS.prepareAgain,
          changes: recordsKept ? "none" : "unknown",
        });
      }
      throw new ToolFailure({
        code: "AWAITING_CONFIRMATION",
        message: `Nothing has been ordered yet: the person has not confirmed this draft in the app. It can be confirmed until ${new Date(claims.expiresAt).toISOString()}.`,
        retryable: false,
        next_action: GIFT_NEXT_ACTIONS.confirmInApp,
        changes: "none",
      });
    },
  });
}

/**
 * The answer for a draft the person paid on ChatGPT's payment sheet: the order in the shape
 * `commit_order` gives it (its page as `checkout_url`), or what keeps it from being one.
 */
function sheetAnswer(draftId: string, payment: SheetPaymentStatus) {
  switch (payment.state) {
    case "paid":
      return {
        ok: true as const,
        data: {
          order: {
            order_id: payment.order.id,
            draft_id: draftId,
            status: "created" as const,
            total: fromMinorUnits(payment.amount, payment.currency),
            checkout_url: payment.order.permalink_url,
          },
          replayed: true,
        },
        text: `Order ${payment.order.id} was placed and paid on the payment sheet (created).`,
      };
    case "in_progress":
      throw new ToolFailure({
        code: "PAYMENT_IN_PROGRESS",
        message:
          "The person's payment on the payment sheet is still being finished: it may or may not have been charged yet. It will be charged at most once.",
        retryable: true,
        retry_after_seconds: payment.retryAfterSeconds,
        next_action: GIFT_NEXT_ACTIONS.retryLater,
        changes: "unknown",
      });
    case "unpaid":
      throw new ToolFailure({
        code: "AWAITING_PAYMENT",
        message:
          payment.last_refusal === null
            ? "Nothing has been ordered or charged yet: the person started paying on the payment sheet but has not paid."
            : "Nothing has been ordered or charged yet: the payment sheet refused the person's card. They can pay again on the sheet with another card.",
        retryable: false,
        next_action: GIFT_NEXT_ACTIONS.confirmInApp,
        changes: "none",
      });
    case "refunded":
      throw new ToolFailure({
        code: "ORDER_REFUNDED",
        message:
          "The payment on the payment sheet could not be finished in time and was cancelled; any charge was refunded. No order was placed.",
        retryable: false,
        next_action: GIFT_NEXT_ACTIONS.prepareAgain,
        // A refund and a void of a charge that never landed are kept alike: which one is unknown.
        changes: "unknown",
      });
    case "expired":
      throw new ToolFailure({
        code: "DRAFT_EXPIRED",
        message:
          "The payment sheet's checkout expired before the person paid: nothing was ordered or charged.",
        retryable: false,
        next_action: GIFT_NEXT_ACTIONS.prepareAgain,
        changes: "none",
      });
  }
}
