/**
 * Third-party clients validate with a strict default Ajv and no format plugin (MCPJam marked
 * every result "Invalid" when a schema used `format`): every tool's schemas must compile there.
 * The tools are the fixture app's; GiftGenius' recorded results are checked in its package's tests.
 */
import Ajv from "ajv";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";

describe("tool schemas under a strict Ajv without formats", () => {
  let h: FixtureHarness;
  beforeAll(async () => {
    h = await startFixture();
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
});
