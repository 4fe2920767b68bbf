/**
 * Third-party clients validate with a strict default Ajv and no format plugin (MCPJam marked
 * every result "Invalid" when a schema used `format`): every tool's schemas must compile there.
 */
import { readdirSync, readFileSync } from "node:fs";
import Ajv from "ajv";
import { giftGenius } from "../../examples/giftgenius/contract.ts";
import { kindJsonSchema } from "../../src/contract/json-schema.ts";
import { startHarness, type Harness } from "./harness.ts";

describe("tool schemas under a strict Ajv without formats", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const validators = {
    "new Ajv()": () => new Ajv(),
    "new Ajv({ strict: true })": () => new Ajv({ strict: true }),
  };

  for (const [name, make] of Object.entries(validators)) {
    it(`compiles every inputSchema and outputSchema with ${name}`, async () => {
      const client = await h.connect();
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(0);
      for (const tool of tools) {
        for (const schema of [tool.inputSchema, tool.outputSchema]) {
          expect(schema, tool.name).toBeDefined();
          expect(() => make().compile(schema!), `${tool.name}`).not.toThrow();
        }
      }
    });
  }

  it("accepts every recorded result under its kind's schema with the strict Ajv", () => {
    const dir = new URL("../fixtures/", import.meta.url);
    const files = readdirSync(dir).filter((name) => name.endsWith(".json"));
    expect(files.length).toBeGreaterThan(10);
    const ajv = new Ajv({ strict: true, allErrors: true });
    for (const name of files) {
      const result = JSON.parse(readFileSync(new URL(name, dir), "utf8")) as {
        structuredContent?: { kind?: string };
      };
      const kind = result.structuredContent?.kind;
      if (!kind || !(kind in giftGenius.kinds)) continue;
      const validate = ajv.compile(
        kindJsonSchema(giftGenius, kind as keyof typeof giftGenius.kinds),
      );
      expect(
        validate(result.structuredContent),
        `${name}: ${ajv.errorsText(validate.errors)}`,
      ).toBe(true);
    }
  });
});
