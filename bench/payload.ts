/** The product list the bench sections measure with, built the same way everywhere. */

/**
 * A `product_list` result of the kit's fixture shop (test/support/shop-contract.ts) with
 * `count` valid products. `withUrls` adds https image and page links (the parser checks them;
 * the render bench leaves them out so no image elements enter the comparison).
 */
export function productList(count: number, { withUrls = true } = {}) {
  return {
    contract_version: "1.0",
    kind: "product_list",
    ok: true,
    products: Array.from({ length: count }, (_, i) => ({
      id: `p-${i}`,
      title: `Product number ${i} — a fairly ordinary title`,
      price: { amount: `${10 + (i % 90)}.99`, currency: "USD" },
      ...(withUrls
        ? {
            image_url: `https://cdn.shop.fixture.example/img/${i}.jpg`,
            page_url: `https://shop.fixture.example/p/${i}`,
          }
        : {}),
      reason: "Matches the interest in hiking and fits the budget.",
      tags: ["outdoor", "practical"],
    })),
  };
}
