/**
 * Choosing a catalog and an `Intl` locale from whatever the host says. A host locale is
 * untrusted: an invalid tag makes `Intl` throw a RangeError, so every path here falls back.
 */
import { canonicalLocale } from "../bridge/globals.ts";
import { catalogs } from "./catalogs.ts";
import type { Messages } from "./messages/en.ts";
import type { Language } from "./language.ts";

export type { Language } from "./language.ts";

/** Every language with a catalog. */
// Annotated pure so a bundle that never reads the list drops the call.
export const LANGUAGES = /* @__PURE__ */ Object.keys(catalogs) as Language[];

/**
 * A valid, canonical BCP 47 tag for `Intl`, or `"en"`. `"zh_CN"` (seen from some hosts)
 * is read as `"zh-CN"`: the bridge's `canonicalLocale` does it, the one place a host locale
 * is canonicalised (the i18n side reads it, the framework-free bridge never imports i18n).
 */
export function intlLocale(tag: unknown): string {
  return canonicalLocale(tag);
}

/**
 * The catalog language for a host locale: `zh-CN` → `zh`, `ru-RU` → `ru`, unknown → `en`
 * (or, in a build limited to some locales, the first one declared).
 */
export function pickLanguage(tag: unknown): Language {
  const primary = canonicalLocale(tag).split("-")[0]!.toLowerCase();
  return Object.hasOwn(catalogs, primary) ? (primary as Language) : LANGUAGES[0]!;
}

/** The messages for a host locale, with the fallback language's when it has none. */
export function messagesFor(tag: unknown): Messages {
  return catalogs[pickLanguage(tag)];
}
