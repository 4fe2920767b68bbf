/**
 * The widget's own words, in English and Russian; read with `useI18n(messages)`. Keys the kit
 * also has (`confirm`, `committing`, `changesNone`, …) re-word its components for this app;
 * ConfirmDraft's `words` re-word the one confirmation.
 */
import { defineMessages } from "mcp-widget-kit";

export const messages = defineMessages(
  {
    en: {
      title: "Support tickets",
      from: (customer: string) => `From ${customer}`,
      reply: "Reply",
      replyLabel: "Your reply",
      replyPlaceholder: "Write a reply…",
      draft: "Review the reply",
      confirmTitle: "Send this reply?",
      confirmDescription: "Check the reply. Nothing is sent until you confirm.",
      replyTo: (subject: string) => `Reply to “${subject}”`,
      confirm: "Send reply",
      committing: "Sending the reply…",
      committedTitle: "Reply sent",
      reference: "Reply number:",
      replayed: "This reply had already been sent; nothing was sent twice.",
      cancelled: "Cancelled. Nothing was sent.",
      changesNone: "Nothing was sent.",
      prepareAgain: "Draft it again",
      expired: "This draft has expired. Draft the reply again to send it.",
    },
  },
  {
    ru: {
      title: "Обращения в поддержку",
      from: (customer: string) => `От: ${customer}`,
      reply: "Ответить",
      replyLabel: "Ваш ответ",
      replyPlaceholder: "Напишите ответ…",
      draft: "Проверить ответ",
      confirmTitle: "Отправить этот ответ?",
      confirmDescription: "Проверьте ответ. Ничего не отправится, пока вы не подтвердите.",
      replyTo: (subject: string) => `Ответ на «${subject}»`,
      confirm: "Отправить ответ",
      committing: "Отправляем ответ…",
      committedTitle: "Ответ отправлен",
      reference: "Номер ответа:",
      replayed: "Этот ответ уже был отправлен; повторно ничего не ушло.",
      cancelled: "Отменено. Ничего не отправлено.",
      changesNone: "Ничего не отправлено.",
      prepareAgain: "Подготовить заново",
      expired: "Срок черновика истёк. Подготовьте ответ заново, чтобы отправить его.",
    },
  },
);
