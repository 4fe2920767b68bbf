/** Searches GiftGenius' tests send, shared by the in-process harness and the browser suites. */

/** A valid suggest_gifts call that finds a handful of gifts, every one under the budget. */
export const GOOD_SEARCH = {
  interests: ["books", "coffee"],
  budget_min: 10,
  budget_max: 80,
  currency: "USD",
  relationship_type: "friend",
};
