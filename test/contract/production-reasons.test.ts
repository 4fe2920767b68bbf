/**
 * `InvalidView.reason` in a production build (`NODE_ENV=production`, what every host runs):
 * only where the result went wrong, never the development sentence, and never a value from
 * the result. The modules are loaded afresh under that environment, because `IS_DEV` is read
 * once, when `core/is-dev.ts` loads.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function loadContract(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { shop } = await import("../support/shop-contract.ts");
  const { toolRefs } = await import("../../src/contract/index.ts");
  // Only the run-time check is under test here; test/types holds toolRefs' typing.
  const tools = toolRefs(shop as never, { buy: "purchase" } as never) as unknown as {
    buy: { parse(input: unknown): unknown };
  };
  return { shop, tools };
}

const envelope = (extra: Record<string, unknown>) => ({
  contract_version: "1.0",
  kind: "product_list",
  ok: true,
  ...extra,
});
const badProduct = { id: "p-1", title: "Secret title", price: { amount: "ten", currency: "USD" } };

/** Each malformed result, and the reason a production build gives for it. */
const CASES: Array<[string, unknown, string]> = [
  ["null", null, "result"],
  ["a string", "Secret text", "result"],
  ["no contract_version", { kind: "product_list", ok: true }, "contract_version"],
  ["a version that is not MAJOR.MINOR", envelope({ contract_version: "one" }), "contract_version"],
  ["no kind", { contract_version: "1.0", ok: true }, "kind"],
  ["an unknown kind", envelope({ kind: "secret_kind" }), "kind"],
  ["ok neither true nor false", envelope({ ok: "yes", products: [] }), "ok"],
  ["a malformed error", envelope({ ok: false, error: { code: 7 } }), "error.code"],
  ["items that are not an array", envelope({ products: "Secret" }), "products"],
  ["every item malformed", envelope({ products: [badProduct] }), "products.price.amount"],
  [
    "a malformed record",
    { contract_version: "1.0", kind: "purchase", ok: true, replayed: false },
    "purchase",
  ],
];

describe("InvalidView.reason in a production build", () => {
  it.each(CASES)("names only where it went wrong: %s", async (_, input, where) => {
    const { shop } = await loadContract("production");
    expect(shop.parse(input)).toMatchObject({ state: "invalid", reason: where });
  });

  it("names the kind when a tool answers with another tool's kind", async () => {
    const { tools } = await loadContract("production");
    const answer = envelope({ products: [] });
    expect(tools.buy.parse(answer)).toEqual({
      state: "invalid",
      reason: "kind",
      kind: "product_list",
    });
  });

  it("is a sentence in development, for the same results", async () => {
    const { shop, tools } = await loadContract("development");
    const reasons = CASES.map(([, input]) => shop.parse(input)).map((view) =>
      view.state === "invalid" ? view.reason : view.state,
    );
    expect(reasons).toEqual([
      "result is null",
      "result is string, not an object",
      "contract_version is missing",
      "contract_version is not MAJOR.MINOR",
      "kind is missing",
      "kind is not part of this contract",
      "ok must be true or false",
      "error.code: expected string",
      "products: expected an array",
      "every item of products is malformed (1); first: price.amount: expected /^\\d{1,15}(\\.\\d{1,6})?$/",
      'purchase: expected "purchase"',
    ]);
    expect(tools.buy.parse(envelope({ products: [] }))).toMatchObject({
      reason: "a product_list result from a purchase tool",
    });
  });
});
