/** Russian. */
import { plural } from "../plural.ts";
import type { Messages } from "./en.ts";

const n = (count: number, one: string, few: string, many: string) =>
  plural("ru", count, { one, few, many, other: few });

/** Russian catalog. */
export const ru: Messages = {
  loading: "Загрузка…",
  resultsLabel: "Результаты",
  droppedItems: (count) =>
    n(
      count,
      "{n} вариант не удалось показать.",
      "{n} варианта не удалось показать.",
      "{n} вариантов не удалось показать.",
    ),

  invalidTitle: "Не удалось показать результат",
  invalidBody: "Ответ пришёл в неожиданном виде. Попробуйте спросить ещё раз.",
  unsupportedTitle: "Приложению нужно обновление",
  unsupportedBody: "Результат в более новом формате, чем умеет показывать эта версия приложения.",

  emptyTitle: "Ничего не найдено",
  emptyHint: "Можно попробовать:",
  suggestRaiseBudget: "Увеличить бюджет",
  suggestRaiseBudgetPrompt: "Пожалуйста, немного увеличь бюджет и предложи подарки ещё раз.",
  suggestOtherInterests: "Другие интересы",
  suggestOtherInterestsPrompt: "Пожалуйста, предложи подарки для других интересов.",
  cancelled: "Отменено. Ничего не заказано.",

  errorTitle: "Что-то пошло не так",
  hostCallFailed: "Запрос не дошёл до приложения. Попробуйте ещё раз.",
  unreadableResult: "Приложение прислало ответ, который виджет не может прочитать.",
  fieldErrorsTitle: "Проверьте:",
  example: (value) => `Например: ${value}`,
  nextAction: "Что делать дальше:",
  requestId: "ID запроса",
  copy: "Копировать",
  copyLabel: "Копировать ID запроса",
  copied: "Скопировано",
  copyManually: "Выделите ID и скопируйте его",
  changesNone: "Ничего не создано.",
  changesApplied: "Изменение применено.",
  changesUnknown: "Возможно, операция прошла — повторить тот же запрос безопасно.",

  retry: "Повторить",
  retryIn: (seconds) => `Повторить через ${seconds} с`,
  retrying: "Повторяем…",
  retryWait: (seconds) =>
    n(
      seconds,
      "Повторить можно через {n} секунду.",
      "Повторить можно через {n} секунды.",
      "Повторить можно через {n} секунд.",
    ),
  retryReady: "Теперь можно повторить.",
  retryExhausted: "Ошибка повторяется. Попробуйте позже.",

  buy: "Купить",
  view: "Открыть",
  tags: "Теги",

  confirmTitle: "Подтвердите покупку",
  confirmDescription: "Проверьте заказ. Деньги не спишутся, пока вы не подтвердите.",
  quantity: (count) => `× ${count}`,
  total: "Итого",
  expiresAt: (when) => `Предложение действует до ${when}.`,
  expired: "Срок предложения истёк. Подготовьте заказ заново, чтобы увидеть актуальную цену.",
  prepareAgain: "Подготовить заново",
  confirm: "Подтвердить покупку",
  cancel: "Отмена",
  committing: "Оформляем заказ…",
  committedTitle: "Заказ оформлен",
  orderId: "Номер заказа:",
  replayed: "Этот заказ уже был оформлен раньше; повторного списания нет.",
};
