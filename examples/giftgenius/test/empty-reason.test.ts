/**
 * An empty search says which of the sent arguments emptied it, so the model changes the right
 * one in one retry: an interest the catalog lacks (with the interests it has), a budget below
 * every price, and never an argument that was not sent.
 */
import { describe, expect, it } from "vitest";
import { createCatalog, loadGifts, type GiftQuery } from "../server/catalog/catalog.ts";

const catalog = createCatalog(loadGifts(), {
  timeoutMs: 1_000,
  imageOrigin: () => "https://giftgenius.example",
});

const query = (over: Partial<GiftQuery>): GiftQuery => ({
  interests: ["books"],
  budgetMin: 0,
  budgetMax: 1_000,
  currency: "USD",
  relationship: "friend",
  limit: 8,
  ...over,
});

describe("GiftGenius' empty search reason", () => {
  it("an unknown interest: names interests and lists the ones the catalog has", async () => {
    const sent = query({ interests: ["skydiving"] });
    expect(await catalog.search(sent)).toEqual([]);
    const reason = catalog.explainEmpty(sent);
    expect(reason).toMatch(/^No gift meets interests\. Known values of interests: .*books/);
    expect(reason).not.toMatch(/budget|age|relationship/);
  });

  it("a budget below every price: names budget_max, and how many a change would give", async () => {
    const sent = query({ budgetMax: 0.5 });
    expect(await catalog.search(sent)).toEqual([]);
    expect(catalog.explainEmpty(sent)).toBe("No gift meets budget_max.");
  });

  it("a combination: names the argument whose change alone finds gifts, and to what", async () => {
    // Books gifts exist, and gifts under 10 USD exist, but no books gift for a friend costs under 10.
    const cheapest = Math.min(
      ...loadGifts()
        .filter((gift) => !gift.discontinued && gift.interests.includes("books"))
        .filter((gift) => gift.relationships.includes("friend"))
        .map((gift) => Number(gift.prices.USD)),
    );
    const sent = query({ budgetMax: cheapest - 0.01 });
    expect(await catalog.search(sent)).toEqual([]);
    const reason = catalog.explainEmpty(sent);
    expect(reason).toMatch(
      /^No gift meets interests, budget_min, budget_max and relationship_type together\./,
    );
    // To what value: the cheapest such gift's price is the least change that finds one.
    expect(reason).toContain(`Changing budget_max to ${cheapest} or more would give 1`);
    expect(reason).not.toMatch(/\bage\b/);
  });

  it("names age only when it was sent", async () => {
    // No coffee gift for a friend suits a 120-year-old, though coffee gifts and gifts for 120 exist.
    const sent = query({ age: 120, interests: ["coffee"] });
    expect(await catalog.search(sent)).toEqual([]);
    expect(catalog.explainEmpty(sent)).toMatch(
      /Changing age to (\d+|between \d+ and \d+) would give \d+\./,
    );
    expect(catalog.explainEmpty(query({ interests: ["skydiving"] }))).not.toMatch(/\bage\b/);
  });
});
