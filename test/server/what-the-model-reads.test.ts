/**
 * What the model reads about writes it cannot make: initialize's instructions (the app's text
 * first — ChatGPT reads 512 characters — then the kit's sentence on drafts), and a prepare
 * result's `structuredContent` (all a model in ChatGPT reads) saying nothing happened yet and
 * until when, with the proof kept out of it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AWAITING_SENTENCE,
  awaitingConfirmation,
} from "../../src/server/write/awaiting-confirmation.ts";
import { modelInstructions } from "../../src/server/model-text/model-instructions.ts";
import { CONFIRMATION_META } from "../../src/contract/confirmation.ts";
import { sc } from "./mcp-client.ts";
import { call, startFixture, type FixtureHarness } from "../fixture-app/harness.ts";

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

describe("awaitingConfirmation", () => {
  it("gives until only for a timestamp, and never overwrites the app's own key", () => {
    expect(awaitingConfirmation({}, { expires_at: "soon" })).toEqual({
      message: AWAITING_SENTENCE,
    });
    expect(awaitingConfirmation({}, null)).toEqual({ message: AWAITING_SENTENCE });
    expect(awaitingConfirmation({ awaiting_confirmation: 1 }, {})).toBeUndefined();
  });
});

describe("a server with a confirmed commit, over MCP", () => {
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

  it("says in a draft's structuredContent that nothing happened yet, and until when", async () => {
    const client = await fixture.connect();
    const result = await call(client, "prepare_purchase", { product_id: "p-mug", quantity: 1 });
    const content = sc(result)!;
    const draft = content.draft as { expires_at: string };
    expect(content.awaiting_confirmation).toEqual({
      message: AWAITING_SENTENCE,
      until: draft.expires_at,
    });
    // The proof stays in the widget-only lane.
    expect(result._meta?.[CONFIRMATION_META]).toEqual(expect.any(String));
    expect(JSON.stringify(content)).not.toContain(String(result._meta?.[CONFIRMATION_META]));
  });

  it("adds nothing to reads", async () => {
    const client = await fixture.connect();
    const result = await call(client, "list_products", { tags: ["kitchen"] });
    expect(sc(result)).not.toHaveProperty("awaiting_confirmation");
  });
});
