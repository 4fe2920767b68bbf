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

/** The signs `Intl` writes for these currencies in `en` and `en-US` (`$25.99`, `€5.00`). */
const EN_SIGNS: { readonly [currency: string]: string } = { USD: "$", EUR: "€", GBP: "£" };

/**
 * `{ amount: "25.99", currency: "USD" }` → `"$25.99"` in `en-US`. The amount stays a decimal
 * string all the way to `Intl` (no float rounding). Falls back to `en`, then to plain
 * `"25.99 USD"`.
 *
 * The commonest case, `en`/`en-US` with one of these signs and at most two decimals, is written
 * here exactly as `Intl` writes it (a test compares the two over many amounts): a page's first
 * `new Intl.NumberFormat` costs 12–27 ms while V8 readies ICU's number formatting, most of
 * what the widget's first paint spent over a hello world (bench/bytes-log.md).
 */
export function formatMoney(money: Money, locale: string): string {
  const sign = EN_SIGNS[money.currency];
  const plain = /^0*(\d+?)(?:\.(\d{1,2}))?$/.exec(money.amount);
  if (sign && plain && (locale === "en" || locale === "en-US")) {
    const whole = plain[1]!.replace(/\B(?=(\d{3})+$)/g, ",");
    return `${sign}${whole}.${(plain[2] ?? "").padEnd(2, "0")}`;
  }
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
