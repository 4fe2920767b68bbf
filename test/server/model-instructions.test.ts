/**
 * The model is told, on initialize, that a draft changes nothing until the person confirms it:
 * the app's instructions first (ChatGPT reads the first 512 characters), then the kit's sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelInstructions } from "../../src/server/model-instructions.ts";
import { startFixture, type FixtureHarness } from "../fixture-app/harness.ts";

describe("modelInstructions", () => {
  it("keeps an app without confirmed commits as it wrote itself", () => {
    expect(modelInstructions("Finds notes.", new Set())).toBe("Finds notes.");
    expect(modelInstructions(undefined, new Set())).toBeUndefined();
  });

  it("puts the app's text first, then says what a draft is", () => {
    const text = modelInstructions("Sells mugs.", new Set(["prepare_purchase"]))!;
    expect(text.startsWith("Sells mugs.\n\n")).toBe(true);
    expect(text).toContain("A draft from prepare_purchase changes nothing");
    expect(text).toContain("never that it is done");
    expect(text.length).toBeLessThanOrEqual(512);
  });
});

describe("a server with a confirmed commit", () => {
  let fixture: FixtureHarness;
  beforeAll(async () => {
    fixture = await startFixture();
  });
  afterAll(() => fixture.close());

  it("sends the draft sentence in initialize's instructions", async () => {
    const client = await fixture.connect({ anonymous: true });
    expect(client.getInstructions()).toMatch(
      /A draft from \w+ changes nothing: the person confirms it in the app/,
    );
  });
});
