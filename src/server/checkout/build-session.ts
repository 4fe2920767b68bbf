/**
 * The payment sheet's session, built from a draft the server priced: line items and totals in
 * integer minor units, computed here from the server's unit prices — never taken from the
 * widget, which only ever hands the finished session to `requestCheckout`. The id is minted
 * elsewhere (session-id.ts) over what is charged.
 */
import { minorUnits, sumMinorUnits } from "./minor-units.ts";
import type { CheckoutLineItem, CheckoutLink, CheckoutTotal } from "./sheet-types.ts";

/** One line of a draft, priced by the server. */
export interface CheckoutDraftLine {
  /** The item's id in the app's catalog. */
  readonly itemId: string;
  /** Shown on the sheet. */
  readonly name: string;
  /** A line of description, shown on the sheet. */
  readonly description?: string;
  /** An `https:` image URL (others are left out). */
  readonly imageUrl?: string;
  /** 1 or more. */
  readonly quantity: number;
  /** The server's unit price, in minor units. */
  readonly unitAmount: number;
  /** The line's discount, in minor units (default 0). */
  readonly discount?: number;
  /** The line's tax, in minor units (default 0). */
  readonly tax?: number;
}

/** A draft as the sheet's session is built from it. */
export interface CheckoutDraft {
  /** The draft the person confirmed (the prepare tool's id). */
  readonly draftId: string;
  /** ISO 4217 (`USD`); upper-cased on the session. */
  readonly currency: string;
  /** What is bought, priced by the server. */
  readonly lines: readonly CheckoutDraftLine[];
  /** Shipping, in minor units (default 0: no fulfilment total). */
  readonly fulfillment?: number;
  /** When the draft, and so the session, stops taking payment (ISO 8601 or ms). */
  readonly expiresAt: string | number;
}

const MAX_QUANTITY = 10_000;

const isHttps = (url: string): boolean => {
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
};

/** The draft's currency as the session carries it; a RangeError when it is not ISO 4217-like. */
export function currencyOf(draft: CheckoutDraft): string {
  if (!/^[A-Za-z]{3}$/.test(draft.currency))
    throw new RangeError(`currency must be an ISO 4217 code such as USD, not ${draft.currency}`);
  return draft.currency.toUpperCase();
}

/** The draft's expiry in ms since the epoch; a RangeError when it is not a date. */
export function expiryOf(draft: CheckoutDraft): number {
  const at = typeof draft.expiresAt === "number" ? draft.expiresAt : Date.parse(draft.expiresAt);
  if (!Number.isFinite(at)) throw new RangeError("expiresAt must be a date");
  return at;
}

function lineItemOf(line: CheckoutDraftLine, index: number): CheckoutLineItem {
  const at = `lines[${index}]`;
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY)
    throw new RangeError(`${at}.quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
  const unit = minorUnits(line.unitAmount, `${at}.unitAmount`);
  const base = minorUnits(unit * line.quantity, `${at} (unitAmount × quantity)`);
  const discount = minorUnits(line.discount ?? 0, `${at}.discount`);
  if (discount > base) throw new RangeError(`${at}.discount is more than the line's amount`);
  const subtotal = base - discount;
  const tax = minorUnits(line.tax ?? 0, `${at}.tax`);
  return {
    id: `line_${index + 1}`,
    item: { id: line.itemId, quantity: line.quantity },
    name: line.name,
    ...(line.description !== undefined ? { description: line.description } : {}),
    ...(line.imageUrl !== undefined && isHttps(line.imageUrl) ? { images: [line.imageUrl] } : {}),
    base_amount: base,
    discount,
    subtotal,
    tax,
    total: minorUnits(subtotal + tax, `${at} total`),
  };
}

/** The session's line items and totals; the last total (`type: "total"`) is what is charged. */
export function priceDraft(draft: CheckoutDraft): {
  lineItems: CheckoutLineItem[];
  totals: CheckoutTotal[];
  total: number;
} {
  if (draft.lines.length === 0) throw new RangeError("a checkout needs at least one line");
  const lineItems = draft.lines.map(lineItemOf);
  const sumOf = (field: "base_amount" | "discount" | "subtotal" | "tax") =>
    sumMinorUnits(
      lineItems.map((line) => line[field]),
      `the lines' ${field}`,
    );
  const base = sumOf("base_amount");
  const discount = sumOf("discount");
  const subtotal = sumOf("subtotal");
  const tax = sumOf("tax");
  const fulfillment = minorUnits(draft.fulfillment ?? 0, "fulfillment");
  const total = sumMinorUnits([subtotal, tax, fulfillment], "total");
  const totals: CheckoutTotal[] = [
    { type: "items_base_amount", display_text: "Items", amount: base },
    ...(discount > 0
      ? [{ type: "items_discount" as const, display_text: "Discount", amount: discount }]
      : []),
    { type: "subtotal", display_text: "Subtotal", amount: subtotal },
    ...(fulfillment > 0
      ? [{ type: "fulfillment" as const, display_text: "Shipping", amount: fulfillment }]
      : []),
    { type: "tax", display_text: "Tax", amount: tax },
    { type: "total", display_text: "Total", amount: total },
  ];
  return { lineItems, totals, total };
}

/** The settings' links, refused (RangeError) when one is not `https:`. */
export function checkedLinks(links: readonly CheckoutLink[]): CheckoutLink[] {
  return links.map((link, index) => {
    if (!isHttps(link.url)) throw new RangeError(`links[${index}].url must be an https: URL`);
    return { type: link.type, url: link.url };
  });
}
