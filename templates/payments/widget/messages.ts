/**
 * The widget's own words, in English and Russian; read with `useI18n(messages)`. Keys the kit
 * also has (`confirm`, `committing`, `changesNone`, …) re-word its components for this app.
 */
import { defineMessages } from "mcp-widget-kit";

export const messages = defineMessages(
  {
    en: {
      title: "Send money",
      amountEur: "Amount, in EUR",
      send: "Send",
      balance: (amount: string) => `Your balance: ${amount}`,
      amount: "Amount",
      fee: "Fee",
      sentTo: (amount: string, name: string) => `${amount} sent to ${name}.`,
      confirmTitle: "Send this money?",
      confirm: "Send money",
      committedTitle: "Money sent",
      changesNone: "No money was sent.",
      insufficientFunds: "Your balance is too low for this transfer.",
      blocked: "The provider does not accept transfers to this contact.",
    },
  },
  {
    ru: {
      title: "Перевод денег",
      amountEur: "Сумма, EUR",
      send: "Отправить",
      balance: (amount: string) => `Ваш баланс: ${amount}`,
      amount: "Сумма",
      fee: "Комиссия",
      sentTo: (amount: string, name: string) => `${amount} отправлено: ${name}.`,
      confirmTitle: "Отправить деньги?",
      confirm: "Отправить деньги",
      committedTitle: "Деньги отправлены",
      changesNone: "Деньги не отправлены.",
      insufficientFunds: "На балансе недостаточно денег для этого перевода.",
      blocked: "Провайдер не принимает переводы этому получателю.",
    },
  },
);
