/**
 * An app's own messages, per locale, beside the kit's. One typed call declares them: the
 * default locale's catalog fixes the keys, every other locale must give exactly those keys
 * (a missing one fails typecheck), and a key the kit also has must keep the kit's type, so
 * an app can re-word the kit ("Confirm" → "Book") without a second mechanism.
 */
import { checkDefaultLocales } from "../contract/declaration-checks.ts";
import { canonicalLocale } from "../bridge/globals.ts";
import type { en } from "./messages/en.ts";

/** What `defineMessages` returns: an app's catalogs, read with `useI18n(messages)`. */
export interface AppMessages<M> {
  /** The locale used when the host's locale has no catalog of the app. */
  readonly defaultLocale: string;
  /** Catalogs by language tag (`en`, `ru`, `pt-BR`, …), each with every key of the default. */
  readonly catalogs: { readonly [locale: string]: M | undefined };
}

/**
 * Declares an app's messages in one call: the first argument holds the default locale's
 * catalog (one key: its tag), which fixes the keys; the second holds the other locales, each
 * of which must give exactly those keys. A message is a text, or a function of the values it
 * interpolates; a key that is also a kit key (`en`'s) must have the kit's type, since it
 * replaces the kit's text.
 *
 * @example
 * export const messages = defineMessages(
 *   { en: { book: "Book", confirm: "Book this flight" } },
 *   { ru: { book: "Забронировать", confirm: "Забронировать рейс" } },
 * );
 */
export function defineMessages<
  const L extends string,
  M extends {
    readonly [K in keyof M]: K extends keyof typeof en
      ? (typeof en)[K]
      : string | ((...values: never[]) => string);
  },
>(
  defaults: { readonly [K in L]: M },
  translations: { readonly [locale: string]: NoInfer<M> } = {},
): AppMessages<M> {
  const locales = Object.keys(defaults);
  checkDefaultLocales(locales);
  const defaultLocale = locales[0]!;
  return { defaultLocale, catalogs: { ...translations, ...defaults } };
}

/**
 * The app catalog for a host locale: the exact tag (`pt-BR`), else its language (`pt`),
 * else the app's default locale.
 */
export function appCatalogFor<M>(messages: AppMessages<M>, tag: unknown): M {
  const { catalogs, defaultLocale } = messages;
  const locale = canonicalLocale(tag);
  const language = locale.split("-")[0]!;
  for (const candidate of [locale, language]) {
    const found = Object.keys(catalogs).find(
      (key) => key.toLowerCase() === candidate.toLowerCase(),
    );
    if (found) return catalogs[found]!;
  }
  return catalogs[defaultLocale]!;
}
