/**
 * The kit's catalogs a widget ships. The build plugin replaces this module when an app
 * declares its locales (`widgetKit({ locales: ["en"] })`), so undeclared catalogs never reach
 * the bundle; the first catalog listed is the fallback.
 */
import { en, enWrite } from "./messages/en.ts";
import { ru, ruWrite } from "./messages/ru.ts";
import { vi, viWrite } from "./messages/vi.ts";
import { zh, zhWrite } from "./messages/zh.ts";
import type { Messages, WriteMessages } from "./messages/en.ts";
import type { Language } from "./language.ts";

/** Catalogs by language, the fallback first: exactly one per `Language`. */
export const catalogs = { en, ru, zh, vi } satisfies { readonly [L in Language]: Messages };

/**
 * WriteView's own sentences by language, as `catalogs` (and left out with them): only WriteView
 * imports them, so a widget without it ships none.
 */
export const writeCatalogs = {
  en: enWrite,
  ru: ruWrite,
  zh: zhWrite,
  vi: viWrite,
} satisfies { readonly [L in Language]: WriteMessages };
