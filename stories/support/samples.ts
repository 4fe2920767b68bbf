/**
 * Sample tool outputs and errors of the kit's fixture shop for stories, in the wire format
 * (contract v1). Hand-written to show each state; the recorded outputs of the fixture shop's
 * server are the fixture stories (stories/fixtures).
 */
import type { ToolError } from "../../src/contract/index.ts";
import { CONTRACT_VERSION } from "../../src/contract/version.ts";

const envelope = (kind: string) => ({ contract_version: CONTRACT_VERSION, kind });

/** Three products of the kit's fixture shop (test/support/shop-contract.ts), one with every optional field. */
export const PRODUCTS = [
  {
    id: "p-101",
    title: "Trail running headlamp",
    price: { amount: "34.90", currency: "USD" },
    reason: "Bright enough for runs before sunrise.",
    tags: ["outdoor", "running"],
    page_url: "https://shop.fixture.example/p/p-101",
  },
  {
    id: "p-102",
    title: "Pour-over coffee set",
    price: { amount: "27.50", currency: "USD" },
    tags: ["coffee"],
  },
  { id: "p-103", title: "Field notebook, pack of 3", price: { amount: "12.00", currency: "USD" } },
];

/** `list_products` with results. */
export const PRODUCT_LIST = { ...envelope("product_list"), ok: true, products: PRODUCTS };

/** `list_products` with nothing found: `ok: true`, an empty list and a reason. */
export const NO_PRODUCTS = {
  ...envelope("product_list"),
  ok: true,
  products: [],
  no_match_reason: "No products for a 5 USD budget match “sailing”.",
};

/** A draft that expires far in the future (so stories stay in `confirm`). */
export function draftOutput(draftId = "d-7", expiresAt = "2099-01-01T00:00:00Z") {
  return {
    ...envelope("purchase_draft"),
    ok: true,
    draft: {
      draft_id: draftId,
      product: PRODUCTS[0],
      quantity: 1,
      total: { amount: "34.90", currency: "USD" },
      expires_at: expiresAt,
    },
  };
}

/** The purchase `place_purchase` makes (or replays) for a draft. */
export function purchaseOutput(draftId = "d-7", replayed = false) {
  return {
    ...envelope("purchase"),
    ok: true,
    purchase: {
      purchase_id: `u-${draftId}`,
      draft_id: draftId,
      status: "placed",
      total: { amount: "34.90", currency: "USD" },
      receipt_url: `https://shop.fixture.example/r/u-${draftId}`,
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
  next_action: "Fix the listed fields and call list_products again.",
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
      message: "Say who it is for.",
      example: "sister",
    },
  ],
};

/** Rate limited: retryable after a wait. */
export const RATE_LIMITED: ToolError = {
  code: "RATE_LIMITED",
  message: "Too many requests in a short time.",
  retryable: true,
  retry_after_seconds: 3,
  request_id: "req_51b0d9",
};

/** The catalog is down: retryable now. */
export const UPSTREAM_UNAVAILABLE: ToolError = {
  code: "UPSTREAM_UNAVAILABLE",
  message: "The catalog is not answering right now.",
  retryable: true,
  request_id: "req_0c77e4",
};

/** A failed write that says nothing was created. */
export const COMMIT_FAILED_NOTHING_CREATED: ToolError = {
  code: "PAYMENT_DECLINED",
  message: "The payment was declined; nothing was bought.",
  retryable: false,
  changes: "none",
  request_id: "req_a91f30",
};

/** A write whose outcome is unknown: retrying with the same key is safe. */
export const COMMIT_OUTCOME_UNKNOWN: ToolError = {
  code: "UPSTREAM_UNAVAILABLE",
  message: "The shop timed out before answering.",
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
