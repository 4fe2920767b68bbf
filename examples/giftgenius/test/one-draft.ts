/**
 * One gift, its suggestion list and its prepared draft (with the person's proof), as a mock
 * host answers them: the start of the widget's purchase tests.
 */
import { CONFIRMATION_META } from "mcp-widget-kit/contract";

export const gift = {
  id: "g-001",
  title: "Gift number 1",
  price: { amount: "11.99", currency: "USD" },
  tags: ["outdoor"],
};

export const suggestions = {
  contract_version: "1.0",
  kind: "gift_suggestions",
  ok: true,
  gifts: [gift],
};

/** `prepare_order`'s answer for the gift: draft `d-1`, its proof in `_meta`. */
export const prepared = {
  structuredContent: {
    contract_version: "1.0",
    kind: "order_draft",
    ok: true,
    draft: {
      draft_id: "d-1",
      gift,
      quantity: 1,
      total: { amount: "11.99", currency: "USD" },
      expires_at: "2031-01-01T00:00:00Z",
    },
  },
  content: [],
  _meta: { [CONFIRMATION_META]: "v1.proof-of-d-1" },
};
