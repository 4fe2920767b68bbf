/**
 * The payment sheet's shapes: the session built from a server-priced draft (integer minor
 * units; floats, negatives and unsafe integers refused, naming the field; `https:` links only;
 * one id per draft and price, bound to its caller), and `complete_checkout` as a tool (hidden
 * from the model; its results).
 */
import { testSheet } from "./test-sheet.ts";
import { createSqliteStore } from "../../src/server/index.ts";
import type { CheckoutDraft } from "../../src/server/checkout/index.ts";
import { fakeSheetProvider } from "./fake-sheet-provider.ts";

const caller = { caller: "user:ada" };

function sheetFor(
  links = [{ type: "terms_of_use", url: "https://shop.example/terms" }],
  secret: { secret: string; previousSecrets?: string[] } = {
    secret: "shapes-secret-0123456789abcdef0123",
  },
  provider = fakeSheetProvider(),
) {
  return testSheet({
    store: createSqliteStore(":memory:"),
    provider,
    paymentProvider: {
      provider: "stripe",
      merchant_id: "acct_1",
      supported_payment_methods: [{ type: "card" }],
    },
    paymentMode: "test",
    links,
    orders: { permalinkUrl: (id) => `https://shop.example/orders/${id}` },
    secret,
  });
}

const draft = (overrides: Partial<CheckoutDraft> = {}): CheckoutDraft => ({
  draftId: "d_1",
  currency: "eur",
  lines: [
    {
      itemId: "scarf",
      name: "Scarf",
      quantity: 3,
      unitAmount: 1999,
      discount: 500,
      tax: 1019,
      imageUrl: "https://shop.example/scarf.png",
    },
    { itemId: "card", name: "Card", quantity: 1, unitAmount: 300, imageUrl: "javascript:x" },
  ],
  fulfillment: 450,
  expiresAt: "2030-01-01T00:00:00Z",
  ...overrides,
});

describe("the payment sheet's session", () => {
  it("prices the draft in integer minor units, line by line, with every total", () => {
    const session = sheetFor().session(draft(), caller);
    expect(session).toMatchObject({
      status: "ready_for_payment",
      payment_mode: "test",
      currency: "EUR",
      payment_provider: { provider: "stripe", merchant_id: "acct_1" },
      links: [{ type: "terms_of_use", url: "https://shop.example/terms" }],
    });
    expect(session.line_items).toEqual([
      {
        id: "line_1",
        item: { id: "scarf", quantity: 3 },
        name: "Scarf",
        images: ["https://shop.example/scarf.png"],
        base_amount: 5997,
        discount: 500,
        subtotal: 5497,
        tax: 1019,
        total: 6516,
      },
      {
        id: "line_2",
        item: { id: "card", quantity: 1 },
        name: "Card",
        base_amount: 300,
        discount: 0,
        subtotal: 300,
        tax: 0,
        total: 300,
      },
    ]);
    expect(session.totals).toEqual([
      { type: "items_base_amount", display_text: "Items", amount: 6297 },
      { type: "items_discount", display_text: "Discount", amount: 500 },
      { type: "subtotal", display_text: "Subtotal", amount: 5797 },
      { type: "fulfillment", display_text: "Shipping", amount: 450 },
      { type: "tax", display_text: "Tax", amount: 1019 },
      { type: "total", display_text: "Total", amount: 7266 },
    ]);
  });

  it.each([
    ["a float", { unitAmount: 19.99 }, /unitAmount/],
    ["a negative amount", { unitAmount: -1 }, /unitAmount/],
    ["an unsafe integer", { unitAmount: 2 ** 53 }, /unitAmount/],
    ["NaN", { unitAmount: Number.NaN }, /unitAmount/],
    [
      "a product past the safe range",
      { unitAmount: 2 ** 52, quantity: 4 },
      /unitAmount × quantity/,
    ],
    ["a fractional quantity", { quantity: 1.5 }, /quantity/],
    ["a zero quantity", { quantity: 0 }, /quantity/],
    ["a float tax", { tax: 0.5 }, /tax/],
    ["a discount above the amount", { discount: 10_000 }, /discount/],
  ])("refuses %s, naming the field", (_, line, message) => {
    const bad = draft({
      lines: [{ itemId: "x", name: "X", quantity: 1, unitAmount: 100, ...line }],
    });
    expect(() => sheetFor().session(bad, caller)).toThrow(message);
  });

  it("refuses a float shipping, a total past the safe range, no lines, a bad currency or expiry", () => {
    const sheet = sheetFor();
    expect(() => sheet.session(draft({ fulfillment: 4.5 }), caller)).toThrow(/fulfillment/);
    const huge = { itemId: "x", name: "X", quantity: 1, unitAmount: Number.MAX_SAFE_INTEGER };
    expect(() => sheet.session(draft({ lines: [huge, huge] }), caller)).toThrow(RangeError);
    expect(() => sheet.session(draft({ lines: [] }), caller)).toThrow(/at least one line/);
    expect(() => sheet.session(draft({ currency: "dollars" }), caller)).toThrow(/ISO 4217/);
    expect(() => sheet.session(draft({ expiresAt: "soon" }), caller)).toThrow(/date/);
  });

  it("refuses a link that is not https:", () => {
    expect(() => sheetFor([{ type: "support_url", url: "http://shop.example/help" }])).toThrow(
      /https/,
    );
  });

  it("gives one id per draft and price, another for another draft, price or caller", () => {
    const sheet = sheetFor();
    const id = sheet.session(draft(), caller).id;
    expect(sheet.session(draft(), caller).id).toBe(id);
    expect(sheet.session(draft({ draftId: "d_2" }), caller).id).not.toBe(id);
    expect(sheet.session(draft({ fulfillment: 451 }), caller).id).not.toBe(id);
    expect(sheet.session(draft(), { caller: "user:bob" }).id).not.toBe(id);
    expect(id).toMatch(/^cs1_[\w-]+\.[\w-]{43}$/);
  });
});

describe("the session id across a secret rotation", () => {
  it("is still paid after the secret rotated while the old one is kept, and refused once it is dropped", async () => {
    const old = "old-secret-0123456789abcdef0123456789";
    const fresh = "new-secret-0123456789abcdef0123456789";
    const session = sheetFor(undefined, { secret: old }).session(draft(), caller);
    const provider = fakeSheetProvider();
    const pay = (sheet: ReturnType<typeof sheetFor>) =>
      sheet.complete(
        {
          checkout_session_id: session.id,
          payment_data: { token: provider.token(), provider: "stripe" },
        },
        caller,
      );
    const rotated = sheetFor(undefined, { secret: fresh, previousSecrets: [old] }, provider);
    expect((await pay(rotated)).kind).toBe("completed");
    const dropped = sheetFor(undefined, { secret: fresh, previousSecrets: [] }, provider);
    expect(await pay(dropped)).toMatchObject({
      kind: "failed",
      error: { code: "CHECKOUT_SESSION_INVALID" },
    });
  });
});

describe("complete_checkout as a tool", () => {
  it("is hidden from the model, and says it moves money", () => {
    const { tool } = sheetFor();
    expect(tool.name).toBe("complete_checkout");
    expect(tool._meta).toMatchObject({ ui: { visibility: ["app"] } });
    expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it("answers an order, a sheet refusal and a kit error in their shapes", () => {
    const checkoutToolResult = sheetFor().result;
    const order = {
      id: "cs",
      status: "completed" as const,
      currency: "USD",
      totals: [],
      order: { id: "ord_1", checkout_session_id: "cs", permalink_url: "https://x.example/o" },
      messages: [] as const,
    };
    expect(
      checkoutToolResult({ kind: "completed", structuredContent: order, replayed: true }),
    ).toMatchObject({ structuredContent: order });
    const refused = checkoutToolResult({
      kind: "refused",
      structuredContent: {
        id: "cs",
        status: "ready_for_payment",
        currency: "USD",
        messages: [
          { type: "error", code: "payment_declined", content_type: "plain", content: "Declined." },
        ],
      },
    });
    expect(refused.isError).toBeUndefined();
    expect(refused.structuredContent).toMatchObject({ messages: [{ code: "payment_declined" }] });
    const failed = checkoutToolResult(
      {
        kind: "failed",
        error: { code: "UPSTREAM_TIMEOUT", message: "m", retryable: true, changes: "unknown" },
      },
      "req-1",
    );
    expect(failed).toMatchObject({
      isError: true,
      structuredContent: { error: { code: "UPSTREAM_TIMEOUT", request_id: "req-1" } },
    });
  });
});
