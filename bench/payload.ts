/** The gift list the bench sections measure with, built the same way everywhere. */

/**
 * A `gift_suggestions` result with `count` valid gifts. `withUrls` adds https image and
 * product links (the parser checks them; the render bench leaves them out so no image
 * elements enter the comparison).
 */
export function giftSuggestions(count: number, { withUrls = true } = {}) {
  return {
    contract_version: "1.0",
    kind: "gift_suggestions",
    ok: true,
    gifts: Array.from({ length: count }, (_, i) => ({
      id: `g-${i}`,
      title: `Gift number ${i} — a fairly ordinary title`,
      price: { amount: `${10 + (i % 90)}.99`, currency: "USD" },
      ...(withUrls
        ? {
            image_url: `https://cdn.giftgenius.example/img/${i}.jpg`,
            product_url: `https://shop.giftgenius.example/p/${i}`,
          }
        : {}),
      reason: "Matches the interest in hiking and fits the budget.",
      tags: ["outdoor", "practical"],
    })),
  };
}
