/** Chinese (Simplified). */
import type { Messages, WriteMessages } from "./en.ts";

/** Chinese catalog: no plural forms. */
export const zh: Messages = {
  loading: "加载中…",
  resultsLabel: "结果",
  droppedItems: (count) => `有 ${count} 项无法显示。`,
  expand: "查看全部",

  invalidTitle: "无法显示此结果",
  invalidBody: "返回的内容格式不符合预期，请重新提问。",
  unsupportedTitle: "此应用需要更新",
  unsupportedBody: "该结果使用了更新的格式，当前版本的应用无法显示。",

  emptyTitle: "没有找到结果",
  emptyHint: "你可以试试：",
  cancelled: "已取消，没有任何更改。",

  errorTitle: "出了点问题",
  errorTitleValidation: "请检查填写的信息",
  errorTitleRefused: "此操作未完成",
  hostCallFailed: "请求未能送达应用，请重试。",
  unreadableResult: "应用返回的内容无法被此组件读取。",
  fieldErrorsTitle: "需要检查的内容",
  fieldOther: "提交的部分信息",
  fieldUnknown: "应用无法识别的信息",
  fieldMore: "更多信息，修正以上内容后显示",
  example: (value) => `例如：${value}`,
  requestId: "请求 ID",
  copy: "复制",
  copyLabel: "复制请求 ID",
  copied: "已复制",
  copyManually: "请选中 ID 后手动复制",
  changesNone: "没有任何更改。",
  changesApplied: "更改已生效。",
  changesUnknown: "操作可能已经完成——使用同一请求重试是安全的。",
  errorValidation: "部分信息需要修改后才能继续。",
  errorRateLimited: "请求过于频繁，请稍等片刻。",
  errorLimitReached: "目前已达到上限，请稍后再试。",
  errorUnavailable: "服务暂时不可用，请稍后重试。",
  errorNotFound: "未找到，或已不再提供。",
  errorExpired: "已过期，请重新开始。",
  errorConflict: "与之前的请求冲突，因此没有执行更多操作。",
  errorKeyReused: "此请求已用其他信息发送过，未执行任何操作。",
  errorInProgress: "之前的尝试仍在处理中，请稍后重试。",
  errorNotAllowed: "当前权限不允许此操作。",
  signInTitle: "请登录后继续",
  signInBody: "此操作需要登录，目前尚未执行任何操作。",
  signIn: "登录",
  errorDeclined: "已被拒绝。",
  errorUnknown: "应用无法完成此操作。",

  retry: "重试",
  retryIn: (seconds) => `${seconds} 秒后重试`,
  retrying: "正在重试…",
  retryWait: (seconds) => `${seconds} 秒后可以重试。`,
  retryReady: "现在可以重试了。",
  retryExhausted: "多次失败，请稍后再试。",

  confirmTitle: "请确认",
  confirmDescription: "请核对详情。确认之前不会执行任何操作。",
  quantity: (count) => `× ${count}`,
  total: "合计",
  expiresAt: (when) => `有效期至 ${when}。`,
  expired: "已过期。请重新准备以查看最新详情。",
  prepareAgain: "重新准备",
  back: "返回列表",
  refresh: "刷新列表",
  confirm: "确认",
  cancel: "取消",
  committing: "正在提交…",
  committedTitle: "完成",
  reference: "编号：",
  replayed: "此操作之前已经完成，不会重复执行。",
};

/** Chinese sentences of WriteView (`WriteMessages`). */
export const zhWrite: WriteMessages = {
  CONFIRMATION_NOT_DELIVERED:
    "当前平台没有向应用传递在此确认所需的信息。你可以在 ChatGPT 或其他能显示此应用的平台中确认。",
  CHECKOUT_NOT_COMPLETED: "付款未完成。没有扣款。",
};
