import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  en,
  formatDateTime,
  formatMoney,
  intlLocale,
  LANGUAGES,
  messagesFor,
  pickLanguage,
  plural,
  ru,
  vi,
  zh,
} from "../../src/i18n/index.ts";

describe("locale choice", () => {
  it("maps a host locale to a catalog, with English as the fallback", () => {
    expect(pickLanguage("zh-CN")).toBe("zh");
    expect(pickLanguage("zh_TW")).toBe("zh");
    expect(pickLanguage("ru-RU")).toBe("ru");
    expect(pickLanguage("vi")).toBe("vi");
    expect(pickLanguage("de-DE")).toBe("en");
    expect(pickLanguage("not a locale!!")).toBe("en");
    expect(pickLanguage(42)).toBe("en");
    expect(pickLanguage(undefined)).toBe("en");
    expect(messagesFor("ru").retry).toBe(ru.retry);
  });

  it("turns an invalid tag into en instead of letting Intl throw", () => {
    expect(intlLocale("en-US")).toBe("en-US");
    expect(intlLocale("zh_cn")).toBe("zh-CN");
    expect(intlLocale("xx-!!")).toBe("en");
    expect(intlLocale("a".repeat(100))).toBe("en");
  });
});

describe("catalogs", () => {
  const catalogs = { en, ru, zh, vi };
  it("has every language with exactly the English keys, each a non-empty text", () => {
    expect(LANGUAGES.sort()).toEqual(["en", "ru", "vi", "zh"]);
    for (const [language, catalog] of Object.entries(catalogs)) {
      expect(Object.keys(catalog).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(catalog)) {
        const text =
          typeof value === "function" ? (value as (x: never) => string)(7 as never) : value;
        expect(typeof text, `${language}.${key}`).toBe("string");
        expect((text as string).trim().length, `${language}.${key}`).toBeGreaterThan(0);
      }
    }
  });

  it("uses each language's plural rules", () => {
    expect(ru.retryWait(1)).toContain("1 секунду");
    expect(ru.retryWait(3)).toContain("3 секунды");
    expect(ru.retryWait(5)).toContain("5 секунд");
    expect(ru.retryWait(21)).toContain("21 секунду");
    expect(en.droppedItems(1)).toBe("1 item could not be shown.");
    expect(en.droppedItems(2)).toBe("2 items could not be shown.");
    expect(plural("not-a-language-tag!", 2, { other: "{n} x" })).toBe("2 x");
  });
});

describe("formatting", () => {
  it("formats a decimal-string amount in the locale and the money's currency", () => {
    expect(formatMoney({ amount: "25.99", currency: "USD" }, "en-US")).toBe("$25.99");
    expect(formatMoney({ amount: "1234.5", currency: "EUR" }, "de-DE")).toMatch(/1\.234,50\s?€/);
    expect(formatMoney({ amount: "100", currency: "JPY" }, "ja-JP")).toMatch(/100/);
    // No float rounding on the way: the string goes to Intl as is.
    expect(formatMoney({ amount: "0.1", currency: "USD" }, "en-US")).toBe("$0.10");
  });

  it("writes en / en-US money exactly as Intl does, without building an Intl format", () => {
    // formatMoney skips Intl for these (its first use costs a page 12–27 ms): any amount the
    // wire allows, in either locale and each of the skipped currencies, must read the same.
    const amounts = fc.stringMatching(/^\d{1,15}(\.\d{1,6})?$/);
    fc.assert(
      fc.property(
        amounts,
        fc.constantFrom("USD", "EUR", "GBP"),
        fc.constantFrom("en", "en-US"),
        (amount, currency, locale) => {
          const intl = new Intl.NumberFormat(locale, { style: "currency", currency });
          expect(formatMoney({ amount, currency }, locale)).toBe(
            intl.format(amount as Intl.StringNumericLiteral),
          );
        },
      ),
      { numRuns: 2000 },
    );
    for (const amount of ["0", "000", "007.5", "1000", "123456789012345.99", "0.05"]) {
      expect(formatMoney({ amount, currency: "USD" }, "en")).toBe(
        new Intl.NumberFormat("en", { style: "currency", currency: "USD" }).format(
          amount as Intl.StringNumericLiteral,
        ),
      );
    }
  });

  it("never throws on a bad currency code or locale", () => {
    expect(formatMoney({ amount: "5.00", currency: "ZZ" }, "en-US")).toBe("5.00 ZZ");
    expect(formatMoney({ amount: "5.00", currency: "USD" }, "!!bad")).toBe("$5.00");
  });

  it("formats a date-time, and gives back an unreadable one as it came", () => {
    expect(formatDateTime("2031-01-01T00:00:00Z", "en-US")).toMatch(/2031|2030/);
    expect(formatDateTime("yesterday", "en-US")).toBe("yesterday");
    expect(formatDateTime("2031-01-01T00:00:00Z", "!!bad")).toMatch(/203[01]/);
  });
});
