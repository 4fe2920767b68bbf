/** Chinese (Simplified). */
import type { Messages } from "./en.ts";

/** Chinese catalog: no plural forms. */
export const zh: Messages = {
  loading: "加载中…",
  resultsLabel: "结果",
  droppedItems: (count) => `有 ${count} 项无法显示。`,

  invalidTitle: "无法显示此结果",
  invalidBody: "返回的内容格式不符合预期，请重新提问。",
  unsupportedTitle: "此应用需要更新",
  unsupportedBody: "该结果使用了更新的格式，当前版本的应用无法显示。",

  emptyTitle: "没有找到结果",
  emptyHint: "你可以试试：",
  cancelled: "已取消，没有任何更改。",

  errorTitle: "出了点问题",
  hostCallFailed: "请求未能送达应用，请重试。",
  unreadableResult: "应用返回的内容无法被此组件读取。",
  fieldErrorsTitle: "请检查：",
  example: (value) => `例如：${value}`,
  nextAction: "下一步：",
  requestId: "请求 ID",
  copy: "复制",
  copyLabel: "复制请求 ID",
  copied: "已复制",
  copyManually: "请选中 ID 后手动复制",
  changesNone: "没有创建任何内容。",
  changesApplied: "更改已生效。",
  changesUnknown: "操作可能已经完成——使用同一请求重试是安全的。",

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
  confirm: "确认",
  cancel: "取消",
  committing: "正在提交…",
  committedTitle: "完成",
  reference: "编号：",
  replayed: "此操作之前已经完成，不会重复执行。",
};
