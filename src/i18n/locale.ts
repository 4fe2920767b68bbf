/**
 * Choosing a catalog and an `Intl` locale from whatever the host says. A host locale is
 * untrusted: an invalid tag makes `Intl` throw a RangeError, so every path here falls back.
 */
import { canonicalLocale } from "../bridge/globals.ts";
import { en, type Messages } from "./messages/en.ts";
import { ru } from "./messages/ru.ts";
import { vi } from "./messages/vi.ts";
import { zh } from "./messages/zh.ts";

const catalogs = { en, ru, zh, vi } as const;

/** A language the kit has messages for. */
export type Language = keyof typeof catalogs;

/** Every language with a catalog. */
// Annotated pure so a bundle that never reads the list drops the call.
export const LANGUAGES = /* @__PURE__ */ Object.keys(catalogs) as Language[];

/**
 * A valid, canonical BCP 47 tag for `Intl`, or `"en"`. `"zh_CN"` (seen from some hosts)
 * is read as `"zh-CN"`.
 */
export function intlLocale(tag: unknown): string {
  return canonicalLocale(typeof tag === "string" ? tag.replace(/_/g, "-") : tag);
}

/** The catalog language for a host locale: `zh-CN` → `zh`, `ru-RU` → `ru`, unknown → `en`. */
export function pickLanguage(tag: unknown): Language {
  const primary = intlLocale(tag).split("-")[0]!.toLowerCase();
  return Object.hasOwn(catalogs, primary) ? (primary as Language) : "en";
}

/** The messages for a host locale, with English as the fallback. */
export function messagesFor(tag: unknown): Messages {
  return catalogs[pickLanguage(tag)];
}
