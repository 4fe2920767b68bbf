/**
 * `order_status`: "did my order go through?", answered from the record, never guessed. The
 * person confirms in the widget, so the model holds only the draft id `prepare_order` gave it;
 * the kit's `peekCommit` reads the commit of that draft whatever key the widget sent. A read:
 * it starts, finishes and charges nothing, so the model may call it as often as it likes.
 *
 * Each state of the draft — awaiting the person's confirmation, awaiting a payment, placed
 * (with the amount charged), refunded, expired, refused — is an answer (`ok: true`, kind
 * `order_status`) whose `summary` the model can repeat as it is; only what keeps the state
 * from being known now (a commit still running, an unknown draft, a merchant unreachable) is
 * an error.
 */
import * as v from "valibot";
import { giftGenius } from "../../contract.ts";
import { defineTool, idempotentResult, peekCommit, ToolFailure } from "mcp-widget-kit/server";
import { type SheetPaymentStatus } from "mcp-widget-kit/checkout/server";
import { GIFT_NEXT_ACTIONS } from "../next-actions.ts";
import { fromMinorUnits } from "../sheet-payments.ts";
import { draftProblem, type CommitValue } from "./commit-order.ts";
import { externalAnswer } from "../external/external-status.ts";
import {
  CONFIRM_IN_APP,
  placedAnswer,
  PREPARE_AGAIN,
  statusAnswer,
  TELL_REFUSAL,
} from "./status-answers.ts";
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
  return defineTool(giftGenius, "order_status", {
    name: "order_status",
    title: "Check an order",
    description:
      "Check what became of a draft from prepare_order: awaiting the person's confirmation in the app, awaiting payment, " +
      "placed (with the order and the amount charged), refunded, expired, or refused; `summary` says it in one sentence. " +
      "Read-only; call it whenever the person asks whether an order went through.",
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
      if (commit?.state === "replayed" && !commit.value.ok) {
        const { error } = commit.value;
        // Given up by the reconciler: refunded (or voided), which settles any doubt.
        if (error.code === "ORDER_REFUNDED")
          return statusAnswer("refunded", `No order was placed: ${error.message}`, {
            next_step: PREPARE_AGAIN,
          });
        // A refusal that changed nothing is a state; one whose attempt may have charged is not.
        if (!commit.inDoubt && error.changes === "none")
          return statusAnswer(
            "refused",
            `The order was not placed and nothing was charged: ${error.message}`,
            { refusal_code: error.code, next_step: TELL_REFUSAL },
          );
      }
      if (commit)
        return idempotentResult(commit, (value) => {
          if (!value.ok) return { ok: false, error: value.error };
          return placedAnswer(value.order, "");
        });
      // No commit of this draft is on record: the draft itself says why.
      const now = deps.now();
      const claims = deps.drafts.read(args.draft_id, context.caller);
      const problem = draftProblem(claims, now);
      if (!claims || (problem && problem.code !== "DRAFT_EXPIRED")) {
        throw unknownDraft(
          "DRAFT_NOT_FOUND",
          "This draft_id is not a draft from prepare_order for this person.",
          "none",
        );
      }
      // Records are kept ttlMs after a draft could first be committed: before that, no record
      // proves no order; after it, the record may have been purged.
      const recordsKept =
        deps.timing.ttlMs !== undefined && now < claims.issuedAt + deps.timing.ttlMs;
      if (problem) {
        // Purged records prove nothing: whether an order was placed is not known any more.
        if (!recordsKept)
          throw unknownDraft(
            "DRAFT_EXPIRED",
            "This draft expired, and no order from it is on record any more.",
            "unknown",
          );
        return statusAnswer(
          "expired",
          "Nothing was ordered or charged: the draft expired before the person confirmed it.",
          { next_step: PREPARE_AGAIN },
        );
      }
      return statusAnswer(
        "awaiting_confirmation",
        `Nothing has been ordered yet: the draft is waiting for the person to confirm it in the app, which they can do until ${new Date(claims.expiresAt).toISOString()}.`,
        { next_step: CONFIRM_IN_APP },
      );
    },
  });
}

/** A draft whose state cannot be told: not this person's, or expired past its records. */
function unknownDraft(code: string, message: string, changes: "none" | "unknown") {
  return new ToolFailure({
    code,
    message,
    retryable: false,
    next_action: GIFT_NEXT_ACTIONS.prepareAgain,
    changes,
  });
}

/**
 * The answer for a draft the person paid on ChatGPT's payment sheet: the order in the shape
 * `commit_order` gives it (its page as `checkout_url`), or what keeps it from being one.
 */
function sheetAnswer(draftId: string, payment: SheetPaymentStatus) {
  switch (payment.state) {
    case "paid":
      return placedAnswer(
        {
          order_id: payment.order.id,
          draft_id: draftId,
          status: "created" as const,
          total: fromMinorUnits(payment.amount, payment.currency),
          checkout_url: payment.order.permalink_url,
        },
        " and paid on the payment sheet",
      );
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
      return statusAnswer(
        "awaiting_payment",
        payment.last_refusal === null
          ? "Nothing has been ordered or charged yet: the person started paying on the payment sheet but has not paid."
          : "Nothing has been ordered or charged yet: the payment sheet refused the person's card. They can pay again on the sheet with another card.",
        { next_step: CONFIRM_IN_APP },
      );
    case "refunded":
      // A refund and a void of a charge that never landed are kept alike: which one is unknown.
      return statusAnswer(
        "refunded",
        "No order was placed: the payment on the payment sheet could not be finished in time and was cancelled, and any charge was refunded.",
        { next_step: PREPARE_AGAIN },
      );
    case "expired":
      return statusAnswer(
        "expired",
        "Nothing was ordered or charged: the payment sheet's checkout expired before the person paid.",
        { next_step: PREPARE_AGAIN },
      );
  }
}
