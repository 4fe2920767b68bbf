import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DOM_STATES } from "../../src/contract/states.ts";
import { shop } from "../support/shop-contract.ts";

// parse only ever returns a data-state value, never a phase only the widget knows.
const STATES = new Set<string>(
  DOM_STATES.filter((state) => state !== "loading" && state !== "committing"),
);

const money = fc.record({
  amount: fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
    .map(([a, b]) => `${a}.${String(b).padStart(2, "0")}`),
  currency: fc.constantFrom("USD", "EUR", "VND", "CNY", "RUB", "JPY"),
});
const httpsUrl = fc.webUrl({ validSchemes: ["https"] });
const product = fc.record(
  {
    id: fc.string({ minLength: 1, maxLength: 40 }),
    title: fc.string({ minLength: 1, maxLength: 300 }),
    price: money,
    image_url: httpsUrl,
    page_url: httpsUrl,
    reason: fc.string({ maxLength: 600 }),
    tags: fc.array(fc.string({ maxLength: 80 }), { maxLength: 8 }),
  },
  { requiredKeys: ["id", "title", "price"] },
);
const minor = fc.integer({ min: 0, max: 99 }).map((m) => `1.${m}`);
const productList = fc.record({
  contract_version: minor,
  kind: fc.constant("product_list"),
  ok: fc.constant(true),
  products: fc.array(product, { maxLength: 30 }),
  no_match_reason: fc.option(fc.string(), { nil: undefined }),
});
const toolError = fc.record(
  {
    code: fc.stringMatching(/^[A-Z][A-Z_]{0,20}$/),
    message: fc.string({ minLength: 0, maxLength: 600 }),
    retryable: fc.boolean(),
    retry_after_seconds: fc.integer({ min: 0, max: 100_000 }),
    next_action: fc.string(),
    request_id: fc.string({ maxLength: 50 }),
    changes: fc.constantFrom("none", "applied", "unknown"),
    field_errors: fc.array(
      fc.record({ field: fc.string(), code: fc.string(), message: fc.string() }),
      { maxLength: 10 },
    ),
  },
  { requiredKeys: ["code", "message", "retryable"] },
);
const failure = fc.record({
  contract_version: minor,
  kind: fc.constantFrom("product_list", "purchase_draft", "purchase"),
  ok: fc.constant(false),
  error: toolError,
});
const draft = fc.record({
  contract_version: minor,
  kind: fc.constant("purchase_draft"),
  ok: fc.constant(true),
  draft: fc.record({
    draft_id: fc.string({ minLength: 1, maxLength: 40 }),
    product,
    quantity: fc.integer({ min: 1, max: 100 }),
    total: money,
    expires_at: fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString()),
  }),
});

describe("parse properties", () => {
  it("never throws on arbitrary JSON values and always returns a known state", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const view = shop.parse(value);
        expect(STATES.has(view.state)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });

  it("never throws on arbitrary values inside a well-formed envelope", () => {
    const envelope = fc.record({
      contract_version: fc.oneof(minor, fc.jsonValue()),
      kind: fc.oneof(
        fc.constantFrom("product_list", "purchase_draft", "purchase", "__proto__"),
        fc.jsonValue(),
      ),
      ok: fc.oneof(fc.boolean(), fc.jsonValue()),
      products: fc.oneof(fc.array(fc.oneof(product, fc.jsonValue())), fc.jsonValue()),
      draft: fc.jsonValue(),
      purchase: fc.jsonValue(),
      error: fc.oneof(toolError, fc.jsonValue()),
    });
    fc.assert(
      fc.property(envelope, (value) => {
        expect(STATES.has(shop.parse(value).state)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  });

  it("accepts every valid generated product list, keeping every product", () => {
    fc.assert(
      fc.property(productList, (value) => {
        const view = shop.parse(value);
        if (value.products.length === 0) {
          expect(view.state).toBe("empty");
        } else {
          expect(view.state).toBe("results");
          if (view.state !== "results") return;
          expect(view.items.map((p) => p.id)).toEqual(value.products.map((p) => p.id));
          expect(view.dropped).toBe(0);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it("accepts every valid generated error and draft", () => {
    fc.assert(
      fc.property(failure, (value) => {
        const view = shop.parse(value);
        expect(view.state).toBe("error");
        if (view.state !== "error") return;
        expect(view.error.code).toBe(value.error.code);
        expect(view.error.retryable).toBe(value.error.retryable);
      }),
      { numRuns: 1_000 },
    );
    fc.assert(
      fc.property(draft, (value) => {
        expect(shop.parse(value).state).toBe("confirm");
      }),
      { numRuns: 1_000 },
    );
  });
});
