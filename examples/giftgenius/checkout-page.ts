/**
 * Where GiftGenius' merchant serves a checkout session: `<checkout origin>/checkout/cs_…`.
 * Declared once for both halves: the server's merchant builds the page's URL with it, and the
 * widget knows by it that an order's link is the page where it is still to be paid (a paid
 * order links its own page instead). docs/checkout.md, "External checkout".
 */

/** The path of a session's page under the checkout origin. */
export function checkoutPagePath(sessionId: string): string {
  return `/checkout/${sessionId}`;
}

const PAGE = /^https:\/\/[^/?#]+\/checkout\/cs_[0-9a-f]{24}$/;

/** True when `url` is a merchant checkout page: the order awaits its payment there. */
export function isCheckoutPage(url: string | undefined): url is string {
  return url !== undefined && PAGE.test(url);
}
