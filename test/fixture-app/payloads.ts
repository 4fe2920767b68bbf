/**
 * The results the fixture server sends (test/fixture-app/app.ts), as fixed values: what the
 * kit's hook and bridge tests hand a widget through a mock host, in place of GiftGenius'
 * recordings (the DOM snapshots render its own recordings, ./fixtures).
 */
const PRODUCT = {
  id: "p-mug",
  title: "Mug",
  price: { amount: "12.50", currency: "USD" },
  image_url: "https://shop.fixture.example/img/p-mug.png",
  page_url: "https://shop.fixture.example/p/p-mug",
  tags: ["kitchen"],
};

/** The payloads the fixture server sends (structuredContent), for hook tests' hosts. */
export const payloads = {
  products: { contract_version: "1.0", kind: "product_list", ok: true, products: [PRODUCT] },
  draft: {
    contract_version: "1.0",
    kind: "purchase_draft",
    ok: true,
    draft: {
      draft_id: "drf_fixture_1",
      product: PRODUCT,
      quantity: 1,
      total: { amount: "12.50", currency: "USD" },
      expires_at: "2031-01-01T00:00:00Z",
    },
  },
  placed: {
    contract_version: "1.0",
    kind: "purchase",
    ok: true,
    purchase: {
      purchase_id: "pur_fixture_1",
      draft_id: "drf_fixture_1",
      status: "placed",
      total: { amount: "12.50", currency: "USD" },
      receipt_url: "https://shop.fixture.example/receipts/pur_fixture_1",
    },
    replayed: false,
  },
};

/** The kit's refusal of `place_purchase` without a sign-in, as a CallToolResult. */
export const authRequired = {
  structuredContent: {
    contract_version: "1.0",
    kind: "purchase",
    ok: false,
    error: {
      code: "AUTH_REQUIRED",
      message: "Sign-in is required for this tool.",
      retryable: false,
      next_action:
        "Tell the person this needs them to sign in; the app shows the sign-in. After they sign in, call the tool again with the same arguments.",
      changes: "none",
      request_id: "req_fixture_1",
    },
  },
  content: [{ type: "text", text: "AUTH_REQUIRED: Sign-in is required for this tool." }],
  isError: true,
  _meta: {
    "mcp/www_authenticate": [
      'Bearer resource_metadata="https://shop.fixture.example/.well-known/oauth-protected-resource/mcp", error="invalid_request", error_description="Sign-in is required for this tool.", scope="orders:write"',
    ],
  },
};

/** A CallToolResult of `payload`. */
export const resultOf = (payload: object) => ({ structuredContent: payload, content: [] });
