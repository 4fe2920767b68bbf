import { describe, expect, it } from "vitest";
import { REASON_MAX, shop, TITLE_MAX } from "../support/shop-contract.ts";
import { MAX_RETRY_AFTER_SECONDS } from "../../src/contract/limits.ts";
import * as v from "valibot";
import { defineContract, recordKind } from "../../src/contract/index.ts";
import { WIDGET_ONLY_META } from "../../src/contract/kinds.ts";
import { contractJsonSchema } from "../../src/server/index.ts";

const product = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `p-${n}`,
  title: `Product ${n}`,
  price: { amount: "10.00", currency: "USD" },
  ...extra,
});
const productList = (products: unknown[], extra: Record<string, unknown> = {}) => ({
  contract_version: "1.0",
  kind: "product_list",
  ok: true,
  products,
  ...extra,
});
const draft = (overrides: Record<string, unknown> = {}) => ({
  contract_version: "1.0",
  kind: "purchase_draft",
  ok: true,
  draft: {
    draft_id: "d-1",
    product: product(1),
    quantity: 2,
    total: { amount: "20.00", currency: "USD" },
    expires_at: "2031-01-01T00:00:00Z",
    ...overrides,
  },
});
const purchase = (overrides: Record<string, unknown> = {}) => ({
  contract_version: "1.0",
  kind: "purchase",
  ok: true,
  replayed: false,
  purchase: {
    purchase_id: "pu-1",
    draft_id: "d-1",
    status: "placed",
    total: { amount: "20.00", currency: "USD" },
    ...overrides,
  },
});
const failure = (error: unknown, kind = "product_list") => ({
  contract_version: "1.0",
  kind,
  ok: false,
  error,
});

describe("product_list", () => {
  it("returns every valid product in order", () => {
    const view = shop.parse(productList([product(1), product(2), product(3)]));
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.items.map((p) => p.id)).toEqual(["p-1", "p-2", "p-3"]);
    expect(view.dropped).toBe(0);
    expect(view.version).toBe("1.0");
  });

  it("drops and counts one malformed product among good ones", () => {
    const view = shop.parse(
      productList([product(1), { id: "p-2", title: "no price" }, product(3), null, "x"]),
    );
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.items.map((p) => p.id)).toEqual(["p-1", "p-3"]);
    expect(view.dropped).toBe(3);
  });

  it("is invalid, not empty, when every product is malformed", () => {
    const view = shop.parse(productList([{ id: 1 }, { title: "x" }]));
    expect(view.state).toBe("invalid");
  });

  it("is empty with the reason when the list is empty", () => {
    const view = shop.parse(productList([], { no_match_reason: "Nothing under 5 USD." }));
    expect(view).toMatchObject({ state: "empty", reason: "Nothing under 5 USD." });
  });

  it("is empty without a reason when the reason is not a string", () => {
    const view = shop.parse(productList([], { no_match_reason: { html: "<b>" } }));
    expect(view.state).toBe("empty");
    expect(view).not.toHaveProperty("reason");
  });

  it("is invalid when the list key is missing or renamed", () => {
    expect(
      shop.parse({
        contract_version: "1.0",
        kind: "product_list",
        ok: true,
        results: [product(1)],
      }).state,
    ).toBe("invalid");
    expect(shop.parse(productList("not a list" as unknown as unknown[])).state).toBe("invalid");
  });

  it("removes non-https URLs and keeps the product", () => {
    const view = shop.parse(
      productList([
        product(1, { image_url: "javascript:alert(1)", page_url: "http://shop.example.com/1" }),
        product(2, {
          image_url: "data:image/png;base64,AAAA",
          page_url: "https://shop.example.com/2",
        }),
        product(3, { image_url: "https://user:pw@cdn.example.com/3.png", page_url: 42 }),
      ]),
    );
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.items).toHaveLength(3);
    expect(view.items[0]?.image_url).toBeUndefined();
    expect(view.items[0]?.page_url).toBeUndefined();
    expect(view.items[1]?.image_url).toBeUndefined();
    expect(view.items[1]?.page_url).toBe("https://shop.example.com/2");
    expect(view.items[2]?.image_url).toBeUndefined();
    expect(view.items[2]?.page_url).toBeUndefined();
  });

  it("takes a picture from a server on this machine (http on loopback), but no link", () => {
    const view = shop.parse(
      productList([
        product(1, {
          image_url: "http://127.0.0.1:8817/images/books.svg",
          page_url: "http://127.0.0.1:8817/products/1",
        }),
        product(2, { image_url: "http://localhost/images/tea.svg" }),
        product(3, { image_url: "http://[::1]:8080/images/tea.svg" }),
        product(4, { image_url: "http://127.0.0.1.nip.io/images/tea.svg" }),
        product(5, { image_url: "http://192.168.1.2/images/tea.svg" }),
        product(6, { image_url: "http://localhost@evil.example/tea.svg" }),
      ]),
    );
    if (view.state !== "results") throw new Error(view.state);
    expect(view.items.map((item) => item.image_url)).toEqual([
      "http://127.0.0.1:8817/images/books.svg",
      "http://localhost/images/tea.svg",
      "http://[::1]:8080/images/tea.svg",
      undefined,
      undefined,
      undefined,
    ]);
    expect(view.items[0]?.page_url).toBeUndefined();
  });

  it("shortens an over-long title instead of rejecting the product", () => {
    const long = "🎁".repeat(5_000);
    const view = shop.parse(
      productList([product(1, { title: long, reason: "r".repeat(100_000) })]),
    );
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    const title = view.items[0]!.title;
    expect(Array.from(title).length).toBeLessThanOrEqual(TITLE_MAX);
    expect(title.endsWith("…")).toBe(true);
    expect(title).not.toMatch(/[\uD800-\uDBFF]…$/); // no half surrogate pair before the ellipsis
    expect(view.items[0]!.reason!.length).toBeLessThanOrEqual(REASON_MAX);
  });

  it("drops a wrong tags value but keeps the product", () => {
    const view = shop.parse(
      productList([product(1, { tags: [1, 2] }), product(2, { tags: "outdoor" })]),
    );
    expect(view.state === "results" && view.items.map((p) => p.tags)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("accepts a newer minor and ignores unknown fields", () => {
    const view = shop.parse({
      ...productList([product(1, { badge: "new" })], { extra: true }),
      contract_version: "1.9",
    });
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.version).toBe("1.9");
    expect(view.items[0]).not.toHaveProperty("badge");
    expect(view.data).not.toHaveProperty("extra");
  });

  it("renders every product of a long list (no silent cap)", () => {
    const products = Array.from({ length: 10_000 }, (_, i) => product(i));
    const view = shop.parse(productList(products));
    expect(view.state === "results" && view.items.length).toBe(10_000);
  });

  it("rejects malformed money", () => {
    for (const price of [
      { amount: 10, currency: "USD" },
      { amount: "1e5", currency: "USD" },
      { amount: "10", currency: "usd" },
      { amount: "-1", currency: "USD" },
    ]) {
      expect(shop.parse(productList([product(1, { price })])).state).toBe("invalid");
    }
  });
});

describe("envelope", () => {
  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", '{"ok":true}'],
    ["a number", 42],
    ["an array", [productList([product(1)])]],
    ["no ok", { contract_version: "1.0", kind: "product_list", products: [] }],
    ["ok as a string", { ...productList([product(1)]), ok: "true" }],
    ["no kind", { contract_version: "1.0", ok: true, products: [] }],
    ["an unknown kind", { ...productList([product(1)]), kind: "weather" }],
    ["a prototype kind", { ...productList([product(1)]), kind: "constructor" }],
    ["no version", { kind: "product_list", ok: true, products: [] }],
    ["a numeric version", { ...productList([product(1)]), contract_version: 1 }],
    ["a three-part version", { ...productList([product(1)]), contract_version: "1.0.0" }],
  ])("%s is invalid", (_name, input) => {
    const view = shop.parse(input);
    expect(view.state).toBe("invalid");
    expect(view.state === "invalid" && typeof view.reason).toBe("string");
  });

  it("reports another major as unsupported, whatever the rest holds", () => {
    expect(shop.parse({ contract_version: "2.0", kind: "product_list", results: [] })).toEqual({
      state: "unsupported",
      version: "2.0",
      kind: "product_list",
    });
    expect(shop.parse({ contract_version: "0.9" }).state).toBe("unsupported");
  });

  it("never throws on hostile objects (throwing getters, proxies)", () => {
    const getter = Object.defineProperty(
      { contract_version: "1.0", kind: "product_list", ok: true },
      "products",
      {
        get() {
          throw new Error("boom");
        },
        enumerable: true,
      },
    );
    const proxy = new Proxy(
      {},
      {
        get: () => {
          throw new Error("trap");
        },
        has: () => {
          throw new Error("trap");
        },
      },
    );
    expect(shop.parse(getter).state).toBe("invalid");
    expect(shop.parse(proxy).state).toBe("invalid");
  });

  it("cannot be polluted through __proto__ or constructor keys", () => {
    const text = `{"contract_version":"1.0","kind":"product_list","ok":true,"__proto__":{"polluted":1},
      "constructor":{"prototype":{"polluted":1}},
      "products":[{"id":"p-1","title":"t","price":{"amount":"1.00","currency":"USD","__proto__":{"polluted":1}},"__proto__":{"polluted":1}}]}`;
    const view = shop.parse(JSON.parse(text));
    expect(view.state).toBe("results");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    if (view.state !== "results") return;
    expect(Object.getPrototypeOf(view.items[0])).toBe(Object.prototype);
    expect((view.items[0] as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("returns on a payload nested thousands deep without a stack overflow", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 100_000; i++) deep = { next: deep, list: [deep] };
    let deepArray: unknown = [];
    for (let i = 0; i < 100_000; i++) deepArray = [deepArray];
    expect(
      shop.parse({
        ...productList([product(1, { tags: deepArray, reason: deep })]),
        extra: deep,
      }).state,
    ).toBe("results");
    expect(shop.parse(productList(deepArray as unknown[])).state).toBe("invalid");
    expect(shop.parse(deep).state).toBe("invalid");
  });
});

describe("errors", () => {
  it("reads a complete ToolError", () => {
    const error = {
      code: "VALIDATION_FAILED",
      message: "Some fields are invalid.",
      retryable: false,
      next_action: "Fix the fields listed and call again.",
      request_id: "req_1",
      changes: "none",
      field_errors: [
        { field: "age", code: "OUT_OF_RANGE", message: "age must be 0–120", example: "30" },
        { field: "budget_min", code: "NEGATIVE", message: "budget_min must be ≥ 0" },
      ],
    };
    const view = shop.parse(failure(error));
    expect(view).toEqual({ state: "error", kind: "product_list", version: "1.0", error });
  });

  it.each([
    ["no code", { message: "m", retryable: true }],
    ["no message", { code: "X", retryable: true }],
    ["no retryable", { code: "X", message: "m" }],
    ["retryable as a string", { code: "X", message: "m", retryable: "yes" }],
    ["no error at all", undefined],
  ])("an error with %s is invalid", (_name, error) => {
    expect(shop.parse(failure(error)).state).toBe("invalid");
  });

  it("clamps retry_after_seconds to a sane range", () => {
    const read = (seconds: unknown) => {
      const view = shop.parse(
        failure({
          code: "RATE_LIMITED",
          message: "m",
          retryable: true,
          retry_after_seconds: seconds,
        }),
      );
      return view.state === "error" ? view.error.retry_after_seconds : "not an error";
    };
    expect(read(30)).toBe(30);
    expect(read(2.2)).toBe(3);
    expect(read(-5)).toBe(0);
    expect(read(1e12)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(read(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(read("30")).toBeUndefined();
  });

  it("drops malformed field errors one by one and an unknown `changes`", () => {
    const view = shop.parse(
      failure({
        code: "VALIDATION_FAILED",
        message: "m",
        retryable: false,
        changes: "maybe",
        field_errors: [{ field: "age", code: "C", message: "m" }, { field: 1 }, "x", null],
      }),
    );
    expect(view.state).toBe("error");
    if (view.state !== "error") return;
    expect(view.error.field_errors).toEqual([{ field: "age", code: "C", message: "m" }]);
    expect(view.error.changes).toBeUndefined();
  });

  it("gives errors of write kinds too", () => {
    const view = shop.parse(
      failure(
        { code: "PAYMENT_PROVIDER_ERROR", message: "m", retryable: true, changes: "unknown" },
        "purchase",
      ),
    );
    expect(view).toMatchObject({ state: "error", kind: "purchase", error: { changes: "unknown" } });
  });
});

describe("purchase_draft and purchase", () => {
  it("reads a draft", () => {
    const view = shop.parse(draft());
    expect(view.state).toBe("confirm");
    if (view.state !== "confirm") return;
    expect(view.data.draft.quantity).toBe(2);
    expect(view.data.draft.product.id).toBe("p-1");
  });

  it.each([
    ["a zero quantity", { quantity: 0 }],
    ["a fractional quantity", { quantity: 1.5 }],
    ["an expiry that is not ISO 8601", { expires_at: "tomorrow" }],
    ["a malformed product", { product: { id: "p" } }],
  ])("a draft with %s is invalid", (_name, overrides) => {
    expect(shop.parse(draft(overrides)).state).toBe("invalid");
  });

  it("keeps an expired draft in the confirm state (the widget disables Confirm)", () => {
    expect(shop.parse(draft({ expires_at: "2001-01-01T00:00:00Z" })).state).toBe("confirm");
  });

  it("reads a purchase and its replay flag", () => {
    const view = shop.parse({ ...purchase(), replayed: true });
    expect(view.state === "committed" && view.data).toMatchObject({
      replayed: true,
      purchase: { purchase_id: "pu-1" },
    });
  });

  it("removes a non-https receipt_url and keeps the purchase", () => {
    const view = shop.parse(purchase({ receipt_url: "javascript:alert(1)" }));
    expect(view.state === "committed" && view.data.purchase.receipt_url).toBeUndefined();
  });

  it.each([
    ["another status", { status: "pending" }],
    ["no purchase id", { purchase_id: undefined }],
  ])("a purchase with %s is invalid", (_name, overrides) => {
    expect(shop.parse(purchase(overrides)).state).toBe("invalid");
  });
});

describe("a record's widget-only fields (`_meta`, never what the model reads)", () => {
  const cards = defineContract({
    kinds: {
      pay_draft: recordKind({
        state: "confirm",
        entries: { draft_id: v.string() },
        widgetOnly: { methods: v.array(v.object({ id: v.string(), last4: v.string() })) },
      }),
    },
  });
  const wire = { contract_version: "1.0", kind: "pay_draft", ok: true, draft_id: "d-1" };
  const methods = [{ id: "pm_1", last4: "4242" }];

  it("reads them from the result's `_meta` into the view's data", () => {
    const view = cards.parse(wire, { [WIDGET_ONLY_META]: { methods } });
    expect(view).toMatchObject({ state: "confirm", data: { draft_id: "d-1", methods } });
  });

  it("never lets `_meta` replace a field the model reads", () => {
    const view = cards.parse(wire, { [WIDGET_ONLY_META]: { draft_id: "d-forged", methods } });
    expect(view).toMatchObject({ state: "confirm", data: { draft_id: "d-1", methods } });
  });

  it("leaves them out when `_meta` is missing, dropped by the host, or malformed", () => {
    for (const meta of [
      undefined,
      null,
      {},
      { [WIDGET_ONLY_META]: "x" },
      { [WIDGET_ONLY_META]: ["x"] },
      { [WIDGET_ONLY_META]: { methods: "x" } },
    ]) {
      const view = cards.parse(wire, meta);
      expect(view.state).toBe("confirm");
      if (view.state === "confirm") expect(view.data.methods).toBeUndefined();
    }
  });

  it("keeps them out of the JSON Schema, so a server's structuredContent never declares them", () => {
    expect(JSON.stringify(contractJsonSchema(cards))).not.toContain("methods");
    // An older server that still sends them in structuredContent is read as before.
    const view = cards.parse({ ...wire, methods });
    if (view.state === "confirm") expect(view.data.methods).toEqual(methods);
  });
});
