/**
 * The widget's own words, in English and Russian; read with `useI18n(messages)`. Keys the kit
 * also has (`confirm`, `committing`, `changesNone`, …) re-word its components for this app.
 */
import { defineMessages } from "mcp-widget-kit";

export const messages = defineMessages(
  {
    en: {
      title: "Send money",
      amountOf: (name: string) => `Amount for ${name}, in EUR`,
      send: "Send",
      balance: "Your balance:",
      amount: "Amount",
      fee: "Fee",
      sendTo: (name: string) => `Send money to ${name}`,
      sentTo: (amount: string, name: string) => `${amount} sent to ${name}.`,
      confirmTitle: "Send this money?",
      confirmDescription: "Check the amount and the fee. No money moves until you confirm.",
      confirm: "Send money",
      committing: "Sending…",
      committedTitle: "Money sent",
      reference: "Provider reference:",
      replayed: "This transfer had already been sent; no money was sent twice.",
      cancelled: "Cancelled. No money was sent.",
      changesNone: "No money was sent.",
      prepareAgain: "Quote it again",
      expired: "This quote has expired. Quote the transfer again to send it.",
      insufficientFunds: "Your balance is too low for this transfer.",
      blocked: "The provider does not accept transfers to this contact.",
    },
  },
  {
    ru: {
      title: "Перевод денег",
      amountOf: (name: string) => `Сумма для ${name}, EUR`,
      send: "Отправить",
      balance: "Ваш баланс:",
      amount: "Сумма",
      fee: "Комиссия",
      sendTo: (name: string) => `Перевод: ${name}`,
      sentTo: (amount: string, name: string) => `${amount} отправлено: ${name}.`,
      confirmTitle: "Отправить деньги?",
      confirmDescription: "Проверьте сумму и комиссию. Деньги не уйдут, пока вы не подтвердите.",
      confirm: "Отправить деньги",
      committing: "Отправляем…",
      committedTitle: "Деньги отправлены",
      reference: "Номер у провайдера:",
      replayed: "Этот перевод уже был отправлен; повторно деньги не ушли.",
      cancelled: "Отменено. Деньги не отправлены.",
      changesNone: "Деньги не отправлены.",
      prepareAgain: "Рассчитать заново",
      expired: "Срок расчёта истёк. Рассчитайте перевод заново, чтобы отправить его.",
      insufficientFunds: "На балансе недостаточно денег для этого перевода.",
      blocked: "Провайдер не принимает переводы этому получателю.",
    },
  },
);
