import { useMemo } from "react";
import { useLocale } from "../hooks/use-locale.ts";
import type { Money } from "../contract/index.ts";
import { formatDateTime, formatMoney } from "./format.ts";
import { intlLocale, messagesFor, pickLanguage, type Language } from "./locale.ts";
import type { Messages } from "./messages/en.ts";

/** What `useI18n` returns: the catalog and formatters for the host locale. */
export interface I18n {
  /** The messages of the host's language (English when there is no catalog for it). */
  readonly m: Messages;
  /** The catalog language, e.g. `zh` for `zh-CN`. */
  readonly language: Language;
  /** The host locale as a valid BCP 47 tag, for `lang` and `Intl` (`en` if invalid). */
  readonly locale: string;
  /** Money in the host locale and the amount's own currency. */
  readonly money: (money: Money) => string;
  /** An ISO 8601 instant as a date and time in the host locale. */
  readonly dateTime: (iso: string) => string;
}

/** Messages and formatters for the host locale; re-renders when the host locale changes. */
export function useI18n(): I18n {
  const hostLocale = useLocale();
  return useMemo(() => {
    const locale = intlLocale(hostLocale);
    return {
      m: messagesFor(locale),
      language: pickLanguage(locale),
      locale,
      money: (money: Money) => formatMoney(money, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
    };
  }, [hostLocale]);
}
