/**
 * GiftGenius' own words, in the kit's four languages: its buttons, its empty-result
 * follow-ups, and its re-wording of the kit's neutral confirm/receipt texts as a purchase.
 */
import { defineMessages } from "widget-kit";

/** GiftGenius messages; read with `useI18n(messages)`, applied to the kit by `MessagesProvider`. */
export const messages = defineMessages(
  {
    en: {
      buy: "Buy",
      view: "View",
      tags: "Tags",
      suggestRaiseBudget: "Raise the budget",
      suggestRaiseBudgetPrompt: "Please raise the budget a little and suggest gifts again.",
      suggestOtherInterests: "Try other interests",
      suggestOtherInterestsPrompt: "Please suggest gifts for some other interests.",
      cancelled: "Cancelled. Nothing was ordered.",
      confirmTitle: "Confirm your purchase",
      confirmDescription: "Check the order. Nothing is charged until you confirm.",
      expiresAt: (when: string) => `This offer is valid until ${when}.`,
      expired: "This offer has expired. Prepare it again to see the current price.",
      confirm: "Confirm purchase",
      committing: "Placing your order…",
      committedTitle: "Order placed",
      reference: "Order number:",
      replayed: "This order had already been placed; nothing was charged twice.",
    },
  },
  {
    ru: {
      buy: "Купить",
      view: "Открыть",
      tags: "Теги",
      suggestRaiseBudget: "Увеличить бюджет",
      suggestRaiseBudgetPrompt: "Пожалуйста, немного увеличь бюджет и предложи подарки ещё раз.",
      suggestOtherInterests: "Другие интересы",
      suggestOtherInterestsPrompt: "Пожалуйста, предложи подарки для других интересов.",
      cancelled: "Отменено. Ничего не заказано.",
      confirmTitle: "Подтвердите покупку",
      confirmDescription: "Проверьте заказ. Деньги не спишутся, пока вы не подтвердите.",
      expiresAt: (when) => `Предложение действует до ${when}.`,
      expired: "Срок предложения истёк. Подготовьте заказ заново, чтобы увидеть актуальную цену.",
      confirm: "Подтвердить покупку",
      committing: "Оформляем заказ…",
      committedTitle: "Заказ оформлен",
      reference: "Номер заказа:",
      replayed: "Этот заказ уже был оформлен раньше; повторного списания нет.",
    },
    zh: {
      buy: "购买",
      view: "查看",
      tags: "标签",
      suggestRaiseBudget: "提高预算",
      suggestRaiseBudgetPrompt: "请把预算稍微提高一些，再推荐一次礼物。",
      suggestOtherInterests: "换个兴趣",
      suggestOtherInterestsPrompt: "请按其他兴趣推荐礼物。",
      cancelled: "已取消，没有下单。",
      confirmTitle: "确认购买",
      confirmDescription: "请核对订单。确认之前不会扣款。",
      expiresAt: (when) => `此报价有效期至 ${when}。`,
      expired: "此报价已过期。请重新准备订单以查看当前价格。",
      confirm: "确认购买",
      committing: "正在下单…",
      committedTitle: "下单成功",
      reference: "订单号：",
      replayed: "此订单之前已经提交过，不会重复扣款。",
    },
    vi: {
      buy: "Mua",
      view: "Xem",
      tags: "Thẻ",
      suggestRaiseBudget: "Tăng ngân sách",
      suggestRaiseBudgetPrompt: "Hãy tăng ngân sách một chút và gợi ý quà lại.",
      suggestOtherInterests: "Thử sở thích khác",
      suggestOtherInterestsPrompt: "Hãy gợi ý quà cho những sở thích khác.",
      cancelled: "Đã hủy. Chưa có đơn hàng nào.",
      confirmTitle: "Xác nhận mua hàng",
      confirmDescription: "Hãy kiểm tra đơn hàng. Bạn chỉ bị trừ tiền sau khi xác nhận.",
      expiresAt: (when) => `Ưu đãi có hiệu lực đến ${when}.`,
      expired: "Ưu đãi đã hết hạn. Hãy chuẩn bị lại để xem giá hiện tại.",
      confirm: "Xác nhận mua",
      committing: "Đang đặt hàng…",
      committedTitle: "Đã đặt hàng",
      reference: "Mã đơn hàng:",
      replayed: "Đơn hàng này đã được đặt trước đó; không bị trừ tiền hai lần.",
    },
  },
);

/** The GiftGenius messages' type, for parts that take `useI18n(messages)` as a prop. */
export type GiftGeniusMessages = NonNullable<(typeof messages.catalogs)[string]>;
