import { createContext, createElement, useContext, useMemo, type ReactNode } from "react";
import { IS_DEV, type DevNamed } from "../core/is-dev.ts";
import { useHostGlobal } from "../hooks/use-host-global.ts";
import type { Money } from "../contract/index.ts";
import { appCatalogFor, type AppMessages } from "./app-messages.ts";
import { formatDateTime, formatMoney } from "./format.ts";
import { canonicalLocale } from "../bridge/globals.ts";
import { catalogs } from "./catalogs.ts";
import { pickLanguage, type Language } from "./locale.ts";
import type { en } from "./messages/en.ts";

/** What `useI18n` returns: the catalog and formatters for the host locale. */
export interface I18n<M = unknown> {
  /**
   * The messages of the host's language: the kit's (English when it has no catalog for the
   * language), with the app's messages — its own keys and its re-wordings of the kit's — on top.
   */
  readonly m: Omit<typeof en, keyof M> & M;
  /** The kit catalog's language, e.g. `zh` for `zh-CN`. */
  readonly language: Language;
  /** The host locale as a valid BCP 47 tag, for `lang` and `Intl` (`en` if invalid). */
  readonly locale: string;
  /** Money in the host locale and the amount's own currency. */
  readonly money: (money: Money) => string;
  /** An ISO 8601 instant as a date and time in the host locale. */
  readonly dateTime: (iso: string) => string;
}

// `unknown` so any app's messages fit; `useI18n(messages)` gives back their own type.
const AppMessagesContext = createContext<AppMessages<unknown> | null>(null);
if (IS_DEV) (AppMessagesContext as DevNamed).displayName = "AppMessagesContext";

/**
 * Makes an app's messages the ones every kit component below reads: a key the app shares
 * with the kit (`confirm`, `emptyTitle`, …) replaces the kit's text in that locale.
 */
export function MessagesProvider<M>({
  messages,
  children,
}: {
  /** The app's messages (`defineMessages`); their kit keys replace the kit's texts below. */
  readonly messages: AppMessages<M>;
  /** The part of the widget that reads them. */
  readonly children?: ReactNode;
}) {
  return createElement(AppMessagesContext.Provider, { value: messages }, children);
}
if (IS_DEV) (MessagesProvider as DevNamed).displayName = "MessagesProvider";

/**
 * Messages and formatters for the host locale; re-renders when the host locale changes.
 * With `messages`, `m` also holds the app's own keys, typed; without, the kit's keys (with
 * the re-wordings of a `MessagesProvider` above).
 */
export function useI18n(): I18n;
/**
 * Messages and formatters for the host locale, with the app's own `messages` (typed) on top
 * of the kit's.
 */
export function useI18n<M>(messages: AppMessages<M>): I18n<M>;
export function useI18n<M>(messages?: AppMessages<M>): I18n<M> {
  const hostLocale = useHostGlobal("locale");
  const provided = useContext(AppMessagesContext);
  const app = (messages ?? provided) as AppMessages<M> | null;
  return useMemo(() => {
    const locale = canonicalLocale(hostLocale);
    // The kit's catalog with the app's own keys and re-wordings on top (without app
    // messages, null spreads to nothing).
    const own = (app ? appCatalogFor(app, locale) : null) as M;
    const language = pickLanguage(locale);
    return {
      m: { ...catalogs[language], ...own },
      language,
      locale,
      money: (money: Money) => formatMoney(money, locale),
      dateTime: (iso: string) => formatDateTime(iso, locale),
    };
  }, [hostLocale, app]);
}
