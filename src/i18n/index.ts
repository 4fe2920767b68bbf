/** Messages per language (en, ru, zh, vi), an app's own messages, and guarded `Intl` formatting. */
export { en, type Messages } from "./messages/en.ts";
export { ru } from "./messages/ru.ts";
export { zh } from "./messages/zh.ts";
export { vi } from "./messages/vi.ts";
export { messagesFor, pickLanguage, intlLocale, LANGUAGES, type Language } from "./locale.ts";
export { formatMoney, formatDateTime } from "./format.ts";
export { plural, type PluralForms } from "./plural.ts";
export { defineMessages, appCatalogFor, type AppMessages } from "./app-messages.ts";
export { useI18n, MessagesProvider, type I18n } from "./use-i18n.ts";
