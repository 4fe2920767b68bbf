import { describe, expect, it } from "vitest";
import { giftGenius } from "../../examples/giftgenius/contract.ts";
import { MAX_RETRY_AFTER_SECONDS } from "../../src/contract/index.ts";

const gift = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `g-${n}`,
  title: `Gift ${n}`,
  price: { amount: "10.00", currency: "USD" },
  ...extra,
});
const suggestions = (gifts: unknown[], extra: Record<string, unknown> = {}) => ({
  contract_version: "1.0",
  kind: "gift_suggestions",
  ok: true,
  gifts,
  ...extra,
});
const draft = (overrides: Record<string, unknown> = {}) => ({
  contract_version: "1.0",
  kind: "order_draft",
  ok: true,
  draft: {
    draft_id: "d-1",
    gift: gift(1),
    quantity: 2,
    total: { amount: "20.00", currency: "USD" },
    expires_at: "2031-01-01T00:00:00Z",
    ...overrides,
  },
});
const order = (overrides: Record<string, unknown> = {}) => ({
  contract_version: "1.0",
  kind: "order",
  ok: true,
  replayed: false,
  order: {
    order_id: "o-1",
    draft_id: "d-1",
    status: "created",
    total: { amount: "20.00", currency: "USD" },
    ...overrides,
  },
});
const failure = (error: unknown, kind = "gift_suggestions") => ({
  contract_version: "1.0",
  kind,
  ok: false,
  error,
});

describe("gift_suggestions", () => {
  it("returns every valid gift in order", () => {
    const view = giftGenius.parse(suggestions([gift(1), gift(2), gift(3)]));
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.items.map((g) => g.id)).toEqual(["g-1", "g-2", "g-3"]);
    expect(view.dropped).toBe(0);
    expect(view.version).toBe("1.0");
  });

  it("drops and counts one malformed gift among good ones", () => {
    const view = giftGenius.parse(
      suggestions([gift(1), { id: "g-2", title: "no price" }, gift(3), null, "x"]),
    );
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.items.map((g) => g.id)).toEqual(["g-1", "g-3"]);
    expect(view.dropped).toBe(3);
  });

  it("is invalid, not empty, when every gift is malformed", () => {
    const view = giftGenius.parse(suggestions([{ id: 1 }, { title: "x" }]));
    expect(view.state).toBe("invalid");
  });

  it("is empty with the reason when the list is empty", () => {
    const view = giftGenius.parse(suggestions([], { no_results_reason: "Nothing under 5 USD." }));
    expect(view).toMatchObject({ state: "empty", reason: "Nothing under 5 USD." });
  });

  it("is empty without a reason when the reason is not a string", () => {
    const view = giftGenius.parse(suggestions([], { no_results_reason: { html: "<b>" } }));
    expect(view.state).toBe("empty");
    expect(view).not.toHaveProperty("reason");
  });

  it("is invalid when the list key is missing or renamed", () => {
    expect(
      giftGenius.parse({
        contract_version: "1.0",
        kind: "gift_suggestions",
        ok: true,
        results: [gift(1)],
      }).state,
    ).toBe("invalid");
    expect(giftGenius.parse(suggestions("not a list" as unknown as unknown[])).state).toBe(
      "invalid",
    );
  });

  it("removes non-https URLs and keeps the gift", () => {
    const view = giftGenius.parse(
      suggestions([
        gift(1, { image_url: "javascript:alert(1)", product_url: "http://shop.example.com/1" }),
        gift(2, {
          image_url: "data:image/png;base64,AAAA",
          product_url: "https://shop.example.com/2",
        }),
        gift(3, { image_url: "https://user:pw@cdn.example.com/3.png", product_url: 42 }),
      ]),
    );
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.items).toHaveLength(3);
    expect(view.items[0]?.image_url).toBeUndefined();
    expect(view.items[0]?.product_url).toBeUndefined();
    expect(view.items[1]?.image_url).toBeUndefined();
    expect(view.items[1]?.product_url).toBe("https://shop.example.com/2");
    expect(view.items[2]?.image_url).toBeUndefined();
    expect(view.items[2]?.product_url).toBeUndefined();
  });

  it("takes a picture from a server on this machine (http on loopback), but no link", () => {
    const view = giftGenius.parse(
      suggestions([
        gift(1, {
          image_url: "http://127.0.0.1:8817/images/books.svg",
          product_url: "http://127.0.0.1:8817/gifts/1",
        }),
        gift(2, { image_url: "http://localhost/images/tea.svg" }),
        gift(3, { image_url: "http://[::1]:8080/images/tea.svg" }),
        gift(4, { image_url: "http://127.0.0.1.nip.io/images/tea.svg" }),
        gift(5, { image_url: "http://192.168.1.2/images/tea.svg" }),
        gift(6, { image_url: "http://localhost@evil.example/tea.svg" }),
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
    expect(view.items[0]?.product_url).toBeUndefined();
  });

  it("shortens an over-long title instead of rejecting the gift", () => {
    const long = "🎁".repeat(5_000);
    const view = giftGenius.parse(
      suggestions([gift(1, { title: long, reason: "r".repeat(100_000) })]),
    );
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    const title = view.items[0]!.title;
    expect(Array.from(title).length).toBeLessThanOrEqual(200);
    expect(title.endsWith("…")).toBe(true);
    expect(title).not.toMatch(/[\uD800-\uDBFF]…$/); // no half surrogate pair before the ellipsis
    expect(view.items[0]!.reason!.length).toBeLessThanOrEqual(500);
  });

  it("drops a wrong tags value but keeps the gift", () => {
    const view = giftGenius.parse(
      suggestions([gift(1, { tags: [1, 2] }), gift(2, { tags: "outdoor" })]),
    );
    expect(view.state === "results" && view.items.map((g) => g.tags)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("accepts a newer minor and ignores unknown fields", () => {
    const view = giftGenius.parse({
      ...suggestions([gift(1, { badge: "new" })], { extra: true }),
      contract_version: "1.9",
    });
    expect(view.state).toBe("results");
    if (view.state !== "results") return;
    expect(view.version).toBe("1.9");
    expect(view.items[0]).not.toHaveProperty("badge");
    expect(view.data).not.toHaveProperty("extra");
  });

  it("renders every gift of a long list (no silent cap)", () => {
    const gifts = Array.from({ length: 10_000 }, (_, i) => gift(i));
    const view = giftGenius.parse(suggestions(gifts));
    expect(view.state === "results" && view.items.length).toBe(10_000);
  });

  it("rejects malformed money", () => {
    for (const price of [
      { amount: 10, currency: "USD" },
      { amount: "1e5", currency: "USD" },
      { amount: "10", currency: "usd" },
      { amount: "-1", currency: "USD" },
    ]) {
      expect(giftGenius.parse(suggestions([gift(1, { price })])).state).toBe("invalid");
    }
  });
});

describe("envelope", () => {
  it.each([
    ["null", null],
    ["undefined", undefined],
    ["a string", '{"ok":true}'],
    ["a number", 42],
    ["an array", [suggestions([gift(1)])]],
    ["no ok", { contract_version: "1.0", kind: "gift_suggestions", gifts: [] }],
    ["ok as a string", { ...suggestions([gift(1)]), ok: "true" }],
    ["no kind", { contract_version: "1.0", ok: true, gifts: [] }],
    ["an unknown kind", { ...suggestions([gift(1)]), kind: "weather" }],
    ["a prototype kind", { ...suggestions([gift(1)]), kind: "constructor" }],
    ["no version", { kind: "gift_suggestions", ok: true, gifts: [] }],
    ["a numeric version", { ...suggestions([gift(1)]), contract_version: 1 }],
    ["a three-part version", { ...suggestions([gift(1)]), contract_version: "1.0.0" }],
  ])("%s is invalid", (_name, input) => {
    const view = giftGenius.parse(input);
    expect(view.state).toBe("invalid");
    expect(view.state === "invalid" && typeof view.reason).toBe("string");
  });

  it("reports another major as unsupported, whatever the rest holds", () => {
    expect(
      giftGenius.parse({ contract_version: "2.0", kind: "gift_suggestions", results: [] }),
    ).toEqual({
      state: "unsupported",
      version: "2.0",
      kind: "gift_suggestions",
    });
    expect(giftGenius.parse({ contract_version: "0.9" }).state).toBe("unsupported");
  });

  it("never throws on hostile objects (throwing getters, proxies)", () => {
    const getter = Object.defineProperty(
      { contract_version: "1.0", kind: "gift_suggestions", ok: true },
      "gifts",
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
    expect(giftGenius.parse(getter).state).toBe("invalid");
    expect(giftGenius.parse(proxy).state).toBe("invalid");
  });

  it("cannot be polluted through __proto__ or constructor keys", () => {
    const text = `{"contract_version":"1.0","kind":"gift_suggestions","ok":true,"__proto__":{"polluted":1},
      "constructor":{"prototype":{"polluted":1}},
      "gifts":[{"id":"g-1","title":"t","price":{"amount":"1.00","currency":"USD","__proto__":{"polluted":1}},"__proto__":{"polluted":1}}]}`;
    const view = giftGenius.parse(JSON.parse(text));
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
      giftGenius.parse({
        ...suggestions([gift(1, { tags: deepArray, reason: deep })]),
        extra: deep,
      }).state,
    ).toBe("results");
    expect(giftGenius.parse(suggestions(deepArray as unknown[])).state).toBe("invalid");
    expect(giftGenius.parse(deep).state).toBe("invalid");
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
    const view = giftGenius.parse(failure(error));
    expect(view).toEqual({ state: "error", kind: "gift_suggestions", version: "1.0", error });
  });

  it.each([
    ["no code", { message: "m", retryable: true }],
    ["no message", { code: "X", retryable: true }],
    ["no retryable", { code: "X", message: "m" }],
    ["retryable as a string", { code: "X", message: "m", retryable: "yes" }],
    ["no error at all", undefined],
  ])("an error with %s is invalid", (_name, error) => {
    expect(giftGenius.parse(failure(error)).state).toBe("invalid");
  });

  it("clamps retry_after_seconds to a sane range", () => {
    const read = (seconds: unknown) => {
      const view = giftGenius.parse(
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
    const view = giftGenius.parse(
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
    const view = giftGenius.parse(
      failure(
        { code: "PAYMENT_PROVIDER_ERROR", message: "m", retryable: true, changes: "unknown" },
        "order",
      ),
    );
    expect(view).toMatchObject({ state: "error", kind: "order", error: { changes: "unknown" } });
  });
});

describe("order_draft and order", () => {
  it("reads a draft", () => {
    const view = giftGenius.parse(draft());
    expect(view.state).toBe("confirm");
    if (view.state !== "confirm") return;
    expect(view.data.draft.quantity).toBe(2);
    expect(view.data.draft.gift.id).toBe("g-1");
  });

  it.each([
    ["a zero quantity", { quantity: 0 }],
    ["a fractional quantity", { quantity: 1.5 }],
    ["an expiry that is not ISO 8601", { expires_at: "tomorrow" }],
    ["a malformed gift", { gift: { id: "g" } }],
  ])("a draft with %s is invalid", (_name, overrides) => {
    expect(giftGenius.parse(draft(overrides)).state).toBe("invalid");
  });

  it("keeps an expired draft in the confirm state (the widget disables Confirm)", () => {
    expect(giftGenius.parse(draft({ expires_at: "2001-01-01T00:00:00Z" })).state).toBe("confirm");
  });

  it("reads an order and its replay flag", () => {
    const view = giftGenius.parse({ ...order(), replayed: true });
    expect(view.state === "committed" && view.data).toMatchObject({
      replayed: true,
      order: { order_id: "o-1" },
    });
  });

  it("removes a non-https checkout_url and keeps the order", () => {
    const view = giftGenius.parse(order({ checkout_url: "javascript:alert(1)" }));
    expect(view.state === "committed" && view.data.order.checkout_url).toBeUndefined();
  });

  it.each([
    ["another status", { status: "pending" }],
    ["no order id", { order_id: undefined }],
  ])("an order with %s is invalid", (_name, overrides) => {
    expect(giftGenius.parse(order(overrides)).state).toBe("invalid");
  });
});
