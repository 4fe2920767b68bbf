import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { contractJsonSchema } from "../../src/contract/json-schema.ts";
import { defineContract, listKind, text } from "../../src/contract/index.ts";
import { shop } from "../support/shop-contract.ts";
import * as v from "valibot";

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const schema = contractJsonSchema(shop);
const validators = Object.fromEntries(
  Object.entries(schema.kinds).map(([kind, s]) => [kind, ajv.compile(s)]),
);

describe("contract JSON Schema", () => {
  it("describes every kind with its version, each an object schema (as MCP outputSchema requires)", () => {
    expect(schema.contract_version).toBe("1.0");
    expect(Object.keys(schema.kinds)).toEqual(["product_list", "purchase", "purchase_draft"]);
    for (const kind of Object.values(schema.kinds)) expect(kind.type).toBe("object");
  });

  it("names the wire fields (renaming products is visible in the schema)", () => {
    expect(JSON.stringify(schema.kinds.product_list)).toContain('"products"');
  });

  // Well-formed wire payloads of every kind and both outcomes, as a shop server sends them.
  const product = {
    id: "p-1",
    title: "Kettle",
    price: { amount: "11.99", currency: "USD" },
    reason: "Matches the kitchen",
    tags: ["home"],
  };
  const total = { amount: "11.99", currency: "USD" };
  const purchase = {
    purchase_id: "pu-1",
    draft_id: "d-1",
    status: "placed",
    total,
    receipt_url: "https://shop.example/receipts/pu-1",
  };
  const envelope = (kind: string, rest: Record<string, unknown>) => ({
    contract_version: "1.0",
    kind,
    ...rest,
  });
  it.each([
    [
      "a list",
      envelope("product_list", { ok: true, products: [product, { ...product, id: "p-2" }] }),
    ],
    [
      "an empty list with its reason",
      envelope("product_list", { ok: true, products: [], no_match_reason: "Nothing under 5 USD." }),
    ],
    [
      "a draft",
      envelope("purchase_draft", {
        ok: true,
        draft: { draft_id: "d-1", product, quantity: 1, total, expires_at: "2031-01-01T00:00:00Z" },
      }),
    ],
    ["a purchase", envelope("purchase", { ok: true, replayed: false, purchase })],
    ["a replayed purchase", envelope("purchase", { ok: true, replayed: true, purchase })],
    [
      "a retryable error with a wait",
      envelope("product_list", {
        ok: false,
        error: {
          code: "RATE_LIMITED",
          message: "Too many requests.",
          retryable: true,
          retry_after_seconds: 30,
          next_action: "Wait 30 seconds.",
        },
      }),
    ],
    [
      "an error with every field problem",
      envelope("product_list", {
        ok: false,
        error: {
          code: "VALIDATION_FAILED",
          message: "2 fields are invalid.",
          retryable: false,
          field_errors: [
            { field: "quantity", code: "out_of_range", message: "1 to 100.", example: "2" },
            { field: "product_id", code: "required", message: "Required." },
          ],
        },
      }),
    ],
    [
      "a failed write that created nothing",
      envelope("purchase", {
        ok: false,
        error: {
          code: "PAYMENT_PROVIDER_ERROR",
          message: "m",
          retryable: true,
          changes: "none",
          retry_after_seconds: 5,
          request_id: "req_02",
        },
      }),
    ],
    [
      "a newer minor with unknown fields",
      {
        ...envelope("product_list", {
          ok: true,
          products: [{ ...product, badge: "new" }],
          extra_field: true,
        }),
        contract_version: "1.7",
      },
    ],
  ])("accepts %s", (_name, content) => {
    const validate = validators[content.kind]!;
    expect(validate(content), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each([
    [
      "a javascript: URL",
      envelope("product_list", {
        ok: true,
        products: [
          {
            ...product,
            page_url: "javascript:window.__pwned=1",
            image_url: "javascript:window.__pwned=1",
          },
        ],
      }),
    ],
    ["no ok", envelope("product_list", { products: [] })],
    ["null", null],
    ["a string", '{"ok":true}'],
  ])("rejects %s", (_name, content) => {
    expect(validators.product_list!(content)).toBe(false);
  });

  it("is derived from the same schema as the parser (one source)", () => {
    const contract = defineContract({
      kinds: {
        notes: listKind({ items: "notes", item: v.object({ id: v.string(), body: text(10) }) }),
      },
    });
    const json = contractJsonSchema(contract);
    const ok = ajv.compile(json.kinds.notes!);
    expect(
      ok({
        contract_version: "1.0",
        kind: "notes",
        ok: true,
        notes: [{ id: "1", body: "long text is fine on the wire" }],
      }),
    ).toBe(true);
    expect(ok({ contract_version: "1.0", kind: "notes", ok: true, notes: [{ id: 1 }] })).toBe(
      false,
    );
  });
});
