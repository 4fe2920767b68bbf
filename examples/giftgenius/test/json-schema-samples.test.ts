/**
 * GiftGenius integration: GiftGenius' published JSON Schema (the tools' outputSchema) accepts
 * the well-formed shared samples in `test/payloads` and rejects the malformed ones. The kit's
 * own JSON Schema tests are in `test/contract/json-schema.test.ts`, on the fixture contract.
 */
import { Ajv } from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { giftGenius } from "../contract.ts";
import { contractJsonSchema } from "mcp-widget-kit/server";
import { loadPayloads } from "./samples.ts";

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats.default(ajv);
const schema = contractJsonSchema(giftGenius);
const validators = Object.fromEntries(
  Object.entries(schema.kinds).map(([kind, s]) => [kind, ajv.compile(s)]),
);

describe("GiftGenius JSON Schema on the shared samples", () => {
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
});
