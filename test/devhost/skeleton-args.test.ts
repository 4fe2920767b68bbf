import { describe, expect, it } from "vitest";
import { skeletonArgs } from "../../src/devhost/page/skeleton-args.ts";

describe("skeletonArgs (the dev page's starting arguments)", () => {
  it("fills required and defaulted fields from the schema, blanks of the right type otherwise", () => {
    const schema = {
      type: "object",
      properties: {
        from: { type: "string", pattern: "^[A-Z]{3}$" },
        passengers: { type: "integer", minimum: 1, maximum: 9, default: 1 },
        cabin: { type: "string", enum: ["economy", "business"] },
        when: { anyOf: [{ type: "null" }, { type: "string", examples: ["2030-05-01"] }] },
        filters: {
          type: "object",
          properties: { direct: { type: "boolean" }, max: { type: "number", minimum: 10 } },
          required: ["direct", "max"],
        },
        tags: { type: "array", items: { type: "string" } },
        note: { type: "string" },
      },
      required: ["from", "cabin", "when", "filters", "tags"],
    };
    expect(skeletonArgs(schema)).toEqual({
      from: "",
      passengers: 1,
      cabin: "economy",
      when: "2030-05-01",
      filters: { direct: false, max: 10 },
      tags: [],
    });
  });

  it("gives {} for anything that is not an object schema, and stops at a depth", () => {
    for (const schema of [undefined, null, "x", 1, [], { type: "object" }, { properties: [] }])
      expect(skeletonArgs(schema)).toEqual({});
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 20; i++)
      deep = { type: "object", properties: { inner: deep }, required: ["inner"] };
    expect(JSON.stringify(skeletonArgs(deep)).length).toBeLessThan(100);
  });
});
