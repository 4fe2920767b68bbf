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
