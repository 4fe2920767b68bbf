/**
 * The kit's catalogs a widget ships. The build plugin replaces this module when an app
 * declares its locales (`widgetKit({ locales: ["en"] })`), so undeclared catalogs never reach
 * the bundle; the first catalog listed is the fallback.
 */
import { en } from "./messages/en.ts";
import { ru } from "./messages/ru.ts";
import { vi } from "./messages/vi.ts";
import { zh } from "./messages/zh.ts";
import type { Messages } from "./messages/en.ts";
import type { Language } from "./language.ts";

/** Catalogs by language, the fallback first: exactly one per `Language`. */
export const catalogs = { en, ru, zh, vi } satisfies { readonly [L in Language]: Messages };
