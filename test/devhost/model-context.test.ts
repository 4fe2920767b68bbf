// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { MAX_MODEL_CONTEXT_CHARS, modelContextText } from "../../src/devhost/page/model-context.ts";

describe("the model context the page shows", () => {
  it("is the update's text blocks, then its structuredContent", () => {
    expect(
      modelContextText({
        content: [{ type: "text", text: "The person confirmed; order o-1 placed." }],
        structuredContent: { order_id: "o-1" },
      }),
    ).toBe('The person confirmed; order o-1 placed.\n{\n  "order_id": "o-1"\n}');
  });

  it("names other blocks, survives hostile params, and is bounded", () => {
    expect(modelContextText({ content: [{ type: "image", data: "…" }, 7, null] })).toBe(
      "[image content]\n[unknown content]\n[unknown content]",
    );
    expect(modelContextText("nope")).toBe("(empty: the model context was cleared)");
    expect(modelContextText({ content: "x" })).toBe("(empty: the model context was cleared)");
    const long = modelContextText({ content: [{ type: "text", text: "a".repeat(20_000) }] });
    expect(long.length).toBe(MAX_MODEL_CONTEXT_CHARS + 1);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => modelContextText({ structuredContent: cyclic })).not.toThrow();
  });
});
