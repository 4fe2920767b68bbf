/**
 * Numbers, money and dates through `Intl`, guarded: a bad currency code or locale makes
 * `Intl` throw a RangeError, and a widget must show something sensible instead of crashing.
 */
import type { Money } from "../contract/index.ts";

const moneyFormats = new Map<string, Intl.NumberFormat | null>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat | null {
  const cacheKey = `${locale}|${currency}`;
  let format = moneyFormats.get(cacheKey);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { style: "currency", currency });
    } catch {
      format = null;
    }
    moneyFormats.set(cacheKey, format);
  }
  return format;
}

/**
 * `{ amount: "25.99", currency: "USD" }` → `"$25.99"` in `en-US`. The amount stays a decimal
 * string all the way to `Intl` (no float rounding). Falls back to `en`, then to plain
 * `"25.99 USD"`.
 */
export function formatMoney(money: Money, locale: string): string {
  const amount = money.amount as Intl.StringNumericLiteral;
  for (const tag of [locale, "en"]) {
    const format = moneyFormat(tag, money.currency);
    if (!format) continue;
    try {
      return format.format(amount);
    } catch {
      // fall through to the next locale
    }
  }
  return `${money.amount} ${money.currency}`;
}

/** An ISO 8601 instant as a medium date and short time, or the raw string when unreadable. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  for (const tag of [locale, "en"]) {
    try {
      return new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(date);
    } catch {
      // fall through
    }
  }
  return date.toISOString();
}
