/**
 * GiftGenius' recorded results (test/fixtures) validate under their kind's JSON Schema with a
 * strict default Ajv and no format plugin, as third-party clients (MCPJam) validate them.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import Ajv from "ajv";
import { giftGenius } from "../contract.ts";
import { contractJsonSchema } from "mcp-widget-kit/server";

describe("recorded GiftGenius results under a strict Ajv without formats", () => {
  it("accepts every recorded result under its kind's schema with the strict Ajv", () => {
    const dir = new URL("./fixtures/", import.meta.url);
    const files = readdirSync(dir).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThan(10);
    const ajv = new Ajv({ strict: true, allErrors: true });
    const schemas = contractJsonSchema(giftGenius).kinds;
    for (const name of files) {
      const result = JSON.parse(readFileSync(new URL(name, dir), "utf8")) as {
        structuredContent?: { kind?: string };
      };
      const kind = result.structuredContent?.kind;
      if (!kind || !(kind in giftGenius.kinds)) continue;
      const validate = ajv.compile(schemas[kind]!);
      expect(
        validate(result.structuredContent),
        `${name}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
  });
});
