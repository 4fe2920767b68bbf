import { describe, expect, it } from "vitest";
import { explainEmpty, type SearchCondition } from "../../src/server/index.ts";

interface Gift {
  readonly tags: readonly string[];
  readonly price: number;
  readonly minAge: number;
}

const GIFTS: Gift[] = [
  { tags: ["books"], price: 10, minAge: 16 },
  { tags: ["coffee"], price: 30, minAge: 18 },
  { tags: ["books", "coffee"], price: 60, minAge: 12 },
  { tags: ["tea"], price: 50, minAge: 0 },
];

const interests = (wanted: string[]): SearchCondition<Gift> => ({
  field: "interests",
  test: (gift) => gift.tags.some((tag) => wanted.includes(tag)),
  values: ["books", "coffee"],
});
const budgetMax = (max: number): SearchCondition<Gift> => ({
  field: "budget_max",
  test: (gift) => gift.price <= max,
});
const age = (years: number): SearchCondition<Gift> => ({
  field: "age",
  test: (gift) => gift.minAge <= years,
});

describe("explainEmpty", () => {
  it("names the condition no candidate meets, with the values that exist", () => {
    const out = explainEmpty(GIFTS, [interests(["skiing"]), budgetMax(100)], "gift");
    expect(out.unmet).toEqual(["interests"]);
    expect(out.reason).toBe("No gift meets interests. Known values of interests: books, coffee.");
  });

  it("names the condition that, relaxed alone, gives matches, and how many", () => {
    // Coffee gifts cost 30 and 60: a budget of 20 empties the list, though each condition alone matches.
    const out = explainEmpty(GIFTS, [interests(["coffee"]), budgetMax(20)], "gift");
    expect(out.unmet).toEqual([]);
    expect(out.relaxable).toEqual([
      { field: "interests", matches: 1 },
      { field: "budget_max", matches: 2 },
    ]);
    expect(out.reason).toBe(
      "No gift meets interests and budget_max together. Changing interests alone would give 1. Changing budget_max alone would give 2.",
    );
  });

  it("names only the conditions passed: a condition the caller did not send is never blamed", () => {
    const out = explainEmpty(GIFTS, [budgetMax(5)], "gift");
    expect(out.reason).toBe("No gift meets budget_max.");
    expect(out.reason).not.toMatch(/age|interests/);
  });

  it("says when no single change is enough", () => {
    // Every gift fails two of coffee, at most 20 and age 10, though each alone has matches.
    const out = explainEmpty(GIFTS, [interests(["coffee"]), budgetMax(20), age(10)], "gift");
    expect(out.unmet).toEqual([]);
    expect(out.relaxable).toEqual([]);
    expect(out.reason).toBe(
      "No gift meets interests, budget_max and age together, and changing any one of them alone is not enough.",
    );
  });

  it("lists at most 12 known values, then how many more", () => {
    const values = Array.from({ length: 20 }, (_, index) => `v${index}`);
    const out = explainEmpty(GIFTS, [{ field: "tag", test: () => false, values }]);
    expect(out.reason).toBe(
      "No item meets tag. Known values of tag: v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11 and 8 more.",
    );
  });

  it("keeps the reason short whatever the app's values", () => {
    const values = Array.from({ length: 12 }, () => "x".repeat(200));
    const out = explainEmpty(GIFTS, [{ field: "tag", test: () => false, values }]);
    expect(out.reason.length).toBeLessThanOrEqual(600);
  });
});
