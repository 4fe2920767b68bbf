/**
 * Sample GiftGenius tool outputs and errors for stories, in the wire format (contract v1).
 * Hand-written to show each state; the recorded outputs of the real server are the fixture
 * stories (stories/fixtures).
 */
import type { ToolError } from "../../src/contract/index.ts";
import { CONTRACT_VERSION } from "../../src/contract/version.ts";

const envelope = (kind: string) => ({ contract_version: CONTRACT_VERSION, kind });

/** Three gifts, one with every optional field. */
export const GIFTS = [
  {
    id: "g-101",
    title: "Trail running headlamp",
    price: { amount: "34.90", currency: "USD" },
    reason: "She runs before sunrise and mentioned hiking trips.",
    tags: ["outdoor", "running"],
    product_url: "https://shop.example.com/g-101",
  },
  {
    id: "g-102",
    title: "Pour-over coffee set",
    price: { amount: "27.50", currency: "USD" },
    tags: ["coffee"],
  },
  { id: "g-103", title: "Field notebook, pack of 3", price: { amount: "12.00", currency: "USD" } },
];

/** `suggest_gifts` with results. */
export const SUGGESTIONS = { ...envelope("gift_suggestions"), ok: true, gifts: GIFTS };

/** `suggest_gifts` with nothing found: `ok: true`, an empty list and a reason. */
export const NO_SUGGESTIONS = {
  ...envelope("gift_suggestions"),
  ok: true,
  gifts: [],
  no_results_reason: "No gifts for a 5 USD budget match “sailing”.",
};

/** A draft that expires far in the future (so stories stay in `confirm`). */
export function draftOutput(draftId = "d-7", expiresAt = "2099-01-01T00:00:00Z") {
  return {
    ...envelope("order_draft"),
    ok: true,
    draft: {
      draft_id: draftId,
      gift: GIFTS[0],
      quantity: 1,
      total: { amount: "34.90", currency: "USD" },
      expires_at: expiresAt,
    },
  };
}

/** The order `commit_order` creates (or replays) for a draft. */
export function orderOutput(draftId = "d-7", replayed = false) {
  return {
    ...envelope("order"),
    ok: true,
    order: {
      order_id: `o-${draftId}`,
      draft_id: draftId,
      status: "created",
      total: { amount: "34.90", currency: "USD" },
    },
    replayed,
  };
}

/** An error envelope of `kind`. */
export function errorOutput(kind: string, error: ToolError) {
  return { ...envelope(kind), ok: false, error };
}

/** Every field problem at once; not retryable: the model must change the call. */
export const VALIDATION_ERROR: ToolError = {
  code: "VALIDATION_FAILED",
  message: "Some of the search details are not valid.",
  retryable: false,
  request_id: "req_8f2c1a",
  next_action: "Fix the listed fields and call suggest_gifts again.",
  field_errors: [
    {
      field: "age",
      code: "OUT_OF_RANGE",
      message: "Age must be between 0 and 120.",
      example: "34",
    },
    {
      field: "budget_min",
      code: "GREATER_THAN_MAX",
      message: "The minimum budget is above the maximum.",
      example: "20",
    },
    {
      field: "relationship_type",
      code: "REQUIRED",
      message: "Say who the gift is for.",
      example: "sister",
    },
  ],
};

/** Rate limited: retryable after a wait. */
export const RATE_LIMITED: ToolError = {
  code: "RATE_LIMITED",
  message: "Too many searches in a short time.",
  retryable: true,
  retry_after_seconds: 3,
  request_id: "req_51b0d9",
};

/** The catalog is down: retryable now. */
export const UPSTREAM_UNAVAILABLE: ToolError = {
  code: "UPSTREAM_UNAVAILABLE",
  message: "The gift catalog is not answering right now.",
  retryable: true,
  request_id: "req_0c77e4",
};

/** A failed write that says nothing was created. */
export const COMMIT_FAILED_NOTHING_CREATED: ToolError = {
  code: "PAYMENT_DECLINED",
  message: "The payment was declined; no order was created.",
  retryable: false,
  changes: "none",
  request_id: "req_a91f30",
};

/** A write whose outcome is unknown: retrying with the same key is safe. */
export const COMMIT_OUTCOME_UNKNOWN: ToolError = {
  code: "UPSTREAM_UNAVAILABLE",
  message: "The order service timed out before answering.",
  retryable: true,
  changes: "unknown",
  request_id: "req_3e5d12",
};

/** Markup and a script in every text field: it must show as text and never run. */
export const HOSTILE_ERROR: ToolError = {
  code: "INTERNAL",
  message:
    '<img src=x onerror="window.__pwned=1">Something failed <script>window.__pwned=1</script>',
  retryable: false,
  request_id: "<b>req</b>",
  field_errors: [
    { field: "<i>name</i>", code: "BAD", message: '<a href="javascript:alert(1)">click</a>' },
  ],
};
