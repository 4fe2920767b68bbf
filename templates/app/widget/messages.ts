/** The widget's own words, in English and Russian; read with `useI18n(messages)`. */
import { defineMessages } from "widget-kit";

export const messages = defineMessages(
  {
    en: {
      title: "Flights",
      passengers: (count: number) => `${count} passenger${count === 1 ? "" : "s"}`,
    },
  },
  {
    ru: {
      title: "Рейсы",
      passengers: (count: number) => `Пассажиров: ${count}`,
    },
  },
);
