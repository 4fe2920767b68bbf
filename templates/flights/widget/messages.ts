/**
 * The widget's own words, in English and Russian; read with `useI18n(messages)`. Keys the kit
 * also has (`confirmTitle`, `committedTitle`, …) re-word its components for this app.
 */
import { defineMessages } from "mcp-widget-kit";

export const messages = defineMessages(
  {
    en: {
      title: "Flights",
      passengers: (count: number) => `${count} passenger${count === 1 ? "" : "s"}`,
      book: "Book",
      payWith: "Pay with",
      paidWith: (brand: string, last4: string) => `Paid with ${brand} •••• ${last4}`,
      confirmTitle: "Book this flight?",
      confirmDescription: "Check the flight and the price. Nothing is booked until you confirm.",
      confirm: "Book",
      committedTitle: "Booked",
      reference: "Booking reference:",
      cancelled: "Cancelled. Nothing was booked.",
      changesNone: "Nothing was booked.",
    },
  },
  {
    ru: {
      title: "Рейсы",
      passengers: (count: number) => `Пассажиров: ${count}`,
      book: "Забронировать",
      payWith: "Оплатить картой",
      paidWith: (brand: string, last4: string) => `Оплачено: ${brand} •••• ${last4}`,
      confirmTitle: "Забронировать этот рейс?",
      confirmDescription: "Проверьте рейс и цену. Ничего не бронируется, пока вы не подтвердите.",
      confirm: "Забронировать",
      committedTitle: "Забронировано",
      reference: "Номер брони:",
      cancelled: "Отменено. Ничего не забронировано.",
      changesNone: "Ничего не забронировано.",
    },
  },
);
