/**
 * The person's class of each code a declared write answers for a draft (`defineWrite`'s
 * refusals, src/server/write/write-refusals.ts): the same for every app that draws its write
 * with `WriteView`, so none spells them again. A test keeps the two lists one. Only
 * `WriteView` reads them: a widget without it pays no byte for them.
 */
import type { ErrorClass } from "./error-class.ts";
import type { Language } from "../i18n/language.ts";

/** `defineWrite`'s draft refusals, by code: gone, out of time, already written. */
export const WRITE_ERROR_CLASSES: { readonly [code: string]: ErrorClass } = {
  DRAFT_NOT_FOUND: "not_found",
  DRAFT_EXPIRED: "expired",
  DRAFT_ALREADY_USED: "conflict",
};

/**
 * The person's sentence, per language, for two codes only a write's confirmation meets, which
 * the kit's classes have no true words for: a proof the host never handed the widget
 * (`CONFIRMATION_NOT_DELIVERED`: nothing expired, and preparing again here would lose it
 * again — the person can confirm in a host that passes it on), and the payment sheet the
 * person closed (`CHECKOUT_NOT_COMPLETED`: nothing charged; Try again opens it again). Here,
 * not in the kit's catalogs, so a widget without `WriteView` pays no byte for them; an app's
 * `errorTexts` for the code beat them.
 */
export const WRITE_ERROR_TEXTS: {
  readonly [L in Language]: {
    readonly CONFIRMATION_NOT_DELIVERED: string;
    readonly CHECKOUT_NOT_COMPLETED: string;
  };
} = {
  en: {
    CONFIRMATION_NOT_DELIVERED:
      "This host does not pass on what the app needs to confirm here. You can confirm in ChatGPT or another host that shows this app.",
    CHECKOUT_NOT_COMPLETED: "You closed the payment. Nothing was charged.",
  },
  ru: {
    CONFIRMATION_NOT_DELIVERED:
      "Эта среда не передаёт приложению то, что нужно для подтверждения здесь. Подтвердить можно в ChatGPT или в другой среде, где открывается это приложение.",
    CHECKOUT_NOT_COMPLETED: "Вы закрыли оплату. Деньги не списаны.",
  },
  zh: {
    CONFIRMATION_NOT_DELIVERED:
      "当前平台没有向应用传递在此确认所需的信息。你可以在 ChatGPT 或其他能显示此应用的平台中确认。",
    CHECKOUT_NOT_COMPLETED: "你关闭了付款。没有扣款。",
  },
  vi: {
    CONFIRMATION_NOT_DELIVERED:
      "Nền tảng này không chuyển cho ứng dụng thông tin cần để xác nhận tại đây. Bạn có thể xác nhận trong ChatGPT hoặc nền tảng khác hiển thị ứng dụng này.",
    CHECKOUT_NOT_COMPLETED: "Bạn đã đóng cửa sổ thanh toán. Chưa bị trừ tiền.",
  },
};
