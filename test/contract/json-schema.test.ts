import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { giftGenius } from "../../examples/giftgenius/contract.ts";
import { contractJsonSchema } from "../../src/contract/json-schema.ts";
import { defineContract, listKind, text } from "../../src/contract/index.ts";
import { loadPayloads } from "../support/payloads.ts";
import * as v from "valibot";

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const schema = contractJsonSchema(giftGenius);
const validators = Object.fromEntries(
  Object.entries(schema.kinds).map(([kind, s]) => [kind, ajv.compile(s)]),
);

describe("contract JSON Schema", () => {
  it("describes every kind with its version, each an object schema (as MCP outputSchema requires)", () => {
    expect(schema.contract_version).toBe("1.0");
    expect(Object.keys(schema.kinds)).toEqual(["gift_suggestions", "order", "order_draft"]);
    for (const kind of Object.values(schema.kinds)) expect(kind.type).toBe("object");
  });

  it("names the wire fields (renaming gifts is visible in the schema)", () => {
    expect(JSON.stringify(schema.kinds.gift_suggestions)).toContain('"gifts"');
  });

  it.each([
    "results-three",
    "empty-with-reason",
    "draft",
    "order-created",
    "order-replayed",
    "rate-limited",
    "upstream-unavailable",
    "validation-many-fields",
    "commit-failed-nothing-created",
    "minor-newer",
  ])("accepts the well-formed sample %s", (name) => {
    const payload = loadPayloads().find((p) => p.name === name)!;
    const content = payload.structuredContent as { kind: string };
    const validate = validators[content.kind]!;
    expect(validate(content), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(["javascript-url", "missing-ok", "null", "string"])(
    "rejects the malformed sample %s",
    (name) => {
      const payload = loadPayloads().find((p) => p.name === name)!;
      expect(validators.gift_suggestions!(payload.structuredContent)).toBe(false);
    },
  );

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
