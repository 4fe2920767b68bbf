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

  it("says to what value each relaxed condition would give matches, from what the items need", () => {
    const tags = (wanted: string[]): SearchCondition<Gift> => ({
      ...interests(wanted),
      needs: (gift) => ({ includes: gift.tags }),
    });
    const max = (value: number): SearchCondition<Gift> => ({
      ...budgetMax(value),
      needs: (gift) => ({ atLeast: gift.price }),
    });
    // Coffee gifts at 30 and 60: a budget of 20 empties the list; 30 gives one, 60 both.
    const out = explainEmpty(GIFTS, [tags(["coffee"]), max(20)], "gift");
    expect(out.reason).toBe(
      "No gift meets interests and budget_max together. Changing interests to include books would give 1. Changing budget_max to 30 or more would give 1, to 60 or more 2.",
    );
    expect(out.relaxable).toEqual([
      { field: "interests", matches: 1 },
      { field: "budget_max", matches: 2 },
    ]);
  });

  it("a range both ways: the values most candidates share, and how many that gives", () => {
    const ages: SearchCondition<{ min: number; max: number }> = {
      field: "age",
      test: (gift) => 70 >= gift.min && 70 <= gift.max,
      needs: (gift) => ({ atLeast: gift.min, atMost: gift.max }),
    };
    const others: SearchCondition<{ min: number; max: number }> = {
      field: "budget_max",
      test: (gift) => gift.min < 50,
    };
    const gifts = [
      { min: 5, max: 8 },
      { min: 10, max: 16 },
      { min: 12, max: 18 },
      { min: 80, max: 90 },
      // Meets age 70, but not the other condition: age alone is met by some gift.
      { min: 60, max: 75 },
    ];
    expect(explainEmpty(gifts, [ages, others], "gift").reason).toBe(
      "No gift meets age and budget_max together. Changing age to between 12 and 16 would give 2. Changing budget_max alone would give 1.",
    );
    const one: SearchCondition<{ min: number; max: number }> = {
      ...ages,
      needs: (gift) => ({ atMost: gift.max }),
    };
    expect(explainEmpty([gifts[0]!, gifts[4]!], [one, others], "gift").reason).toBe(
      "No gift meets age and budget_max together. Changing age to 8 or less would give 1. Changing budget_max alone would give 1.",
    );
  });

  it("one of some values: the value most candidates have", () => {
    const who: SearchCondition<{ for: string[] }> = {
      field: "relationship_type",
      test: (gift) => gift.for.includes("boss"),
      needs: (gift) => ({ oneOf: gift.for }),
    };
    const gifts = [
      { for: ["friend", "partner"] },
      { for: ["partner"] },
      { for: ["parent"] },
      { for: ["boss"] },
    ];
    const x = { field: "x", test: (gift: { for: string[] }) => !gift.for.includes("boss") };
    expect(explainEmpty(gifts, [who, x], "gift").reason).toBe(
      "No gift meets relationship_type and x together. Changing relationship_type to partner would give 2. Changing x alone would give 1.",
    );
  });

  it("falls back to the count alone where the app's needs give no number", () => {
    const max = (needs: SearchCondition<Gift>["needs"]): SearchCondition<Gift> => ({
      ...budgetMax(20),
      needs,
    });
    for (const atLeast of [Number.NaN, Infinity])
      expect(
        explainEmpty(GIFTS, [interests(["coffee"]), max(() => ({ atLeast }))], "gift").reason,
      ).toContain("Changing budget_max alone would give 2.");
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
