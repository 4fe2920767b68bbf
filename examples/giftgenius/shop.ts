/**
 * GiftGenius' shop, where its gifts and orders have their pages. Declared once for the server
 * (the catalog's product links, an order's page, the payment sheet's links) and the widget
 * build (the origin the widget may open links on).
 */

/** The shop's origin. */
export const SHOP_ORIGIN = "https://shop.giftgenius.example";

/** The page of order `orderId`. */
export const orderPage = (orderId: string): string => `${SHOP_ORIGIN}/orders/${orderId}`;
