/** Russian. */
import { plural } from "../plural.ts";
import type { Messages, WriteMessages } from "./en.ts";

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
  expand: "Показать все",

  invalidTitle: "Не удалось показать результат",
  invalidBody: "Ответ пришёл в неожиданном виде. Попробуйте спросить ещё раз.",
  unsupportedTitle: "Приложению нужно обновление",
  unsupportedBody: "Результат в более новом формате, чем умеет показывать эта версия приложения.",

  emptyTitle: "Ничего не найдено",
  emptyHint: "Можно попробовать:",
  cancelled: "Отменено. Ничего не изменилось.",

  errorTitle: "Что-то пошло не так",
  errorTitleValidation: "Проверьте данные",
  errorTitleRefused: "Это не выполнено",
  hostCallFailed: "Запрос не дошёл до приложения. Попробуйте ещё раз.",
  unreadableResult: "Приложение прислало ответ, который виджет не может прочитать.",
  fieldErrorsTitle: "Что нужно проверить",
  fieldOther: "Часть отправленных данных",
  fieldUnknown: "Данные, которые приложение не знает",
  fieldMore: "Другие данные — после исправления этих",
  example: (value) => `Например: ${value}`,
  requestId: "ID запроса",
  copy: "Копировать",
  copyLabel: "Копировать ID запроса",
  copied: "Скопировано",
  copyManually: "Выделите ID и скопируйте его",
  changesNone: "Ничего не изменилось.",
  changesApplied: "Изменение применено.",
  changesUnknown: "Возможно, операция прошла — повторить тот же запрос безопасно.",
  errorValidation: "Некоторые данные нужно изменить, чтобы продолжить.",
  errorRateLimited: "Слишком много запросов сразу. Подождите немного.",
  errorLimitReached: "Лимит на сейчас исчерпан. Попробуйте позже.",
  errorUnavailable: "Сервис сейчас недоступен. Попробуйте чуть позже.",
  errorNotFound: "Это не найдено или больше недоступно.",
  errorExpired: "Срок действия истёк. Начните заново.",
  errorConflict: "Это противоречит более раннему запросу, поэтому ничего больше не сделано.",
  errorKeyReused: "Это уже отправлено с другими данными; ничего не сделано.",
  errorInProgress: "Предыдущая попытка ещё обрабатывается. Повторите через минуту.",
  errorNotAllowed: "Ваш доступ этого не позволяет.",
  signInTitle: "Войдите, чтобы продолжить",
  signInBody: "Для этого нужно войти. Пока ничего не сделано.",
  signIn: "Войти",
  errorDeclined: "Отклонено.",
  errorUnknown: "Приложению не удалось это сделать.",

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

  confirmTitle: "Подтвердите",
  confirmDescription: "Проверьте детали. Ничего не произойдёт, пока вы не подтвердите.",
  quantity: (count) => `× ${count}`,
  total: "Итого",
  expiresAt: (when) => `Действует до ${when}.`,
  expired: "Срок действия истёк. Подготовьте заново, чтобы увидеть актуальные данные.",
  prepareAgain: "Подготовить заново",
  back: "Назад к списку",
  refresh: "Обновить список",
  confirm: "Подтвердить",
  cancel: "Отмена",
  committing: "Отправляем…",
  committedTitle: "Готово",
  reference: "Номер:",
  replayed: "Это уже было сделано раньше; повторно ничего не произошло.",
};

/** Russian sentences of WriteView (`WriteMessages`). */
export const ruWrite: WriteMessages = {
  CONFIRMATION_NOT_DELIVERED:
    "Эта среда не передаёт приложению то, что нужно для подтверждения здесь. Подтвердить можно в ChatGPT или в другой среде, где открывается это приложение.",
  CHECKOUT_NOT_COMPLETED: "Оплата не завершена. Деньги не списаны.",
};
