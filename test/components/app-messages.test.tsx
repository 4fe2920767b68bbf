// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ConfirmDraft } from "../../src/components/confirm-draft.tsx";
import { appCatalogFor, defineMessages, MessagesProvider, useI18n } from "../../src/i18n/index.ts";
import { renderWithHost } from "./helpers.tsx";

const messages = defineMessages(
  {
    en: {
      book: "Book",
      seats: (count: number) => `${count} seats`,
      confirm: "Book this flight",
    },
  },
  {
    ru: {
      book: "Забронировать",
      seats: (count) => `Мест: ${count}`,
      confirm: "Забронировать рейс",
    },
    "pt-BR": { book: "Reservar", seats: (count) => `${count} assentos`, confirm: "Reservar voo" },
  },
);

describe("defineMessages", () => {
  it("picks the exact tag, then the language, then the app's default locale", () => {
    expect(appCatalogFor(messages, "ru-RU").book).toBe("Забронировать");
    expect(appCatalogFor(messages, "pt-BR").book).toBe("Reservar");
    expect(appCatalogFor(messages, "pt-PT").book).toBe("Book");
    expect(appCatalogFor(messages, "de-DE").book).toBe("Book");
    expect(appCatalogFor(messages, "not a tag!!").book).toBe("Book");
    const germanFirst = defineMessages({ de: { book: "Buchen" } }, { en: { book: "Book" } });
    expect(germanFirst.defaultLocale).toBe("de");
    expect(appCatalogFor(germanFirst, "vi").book).toBe("Buchen");
  });

  it("fails typecheck for a missing key or a kit key of the wrong type", () => {
    defineMessages(
      { en: { book: "Book", seats: "Seats" } },
      // @ts-expect-error every locale gives every key of the default one
      { ru: { book: "Забронировать" } },
    );
    // @ts-expect-error a kit key keeps the kit's type (retryIn takes the seconds)
    defineMessages({ en: { retryIn: "Later" } });
    expect(() => defineMessages({ en: { a: "a" }, ru: { a: "а" } })).toThrow(TypeError);
  });
});

function Seats() {
  const { m } = useI18n(messages);
  return (
    <p>
      {m.book} · {m.seats(2)} · {m.retry}
    </p>
  );
}

describe("useI18n with app messages", () => {
  it("reads the app's keys and the kit's in the host language", () => {
    renderWithHost(<Seats />, { globals: { locale: "ru-RU" } });
    expect(screen.getByText("Забронировать · Мест: 2 · Повторить")).toBeVisible();
  });

  it("re-words the kit's components under a MessagesProvider", () => {
    renderWithHost(
      <MessagesProvider messages={messages}>
        <ConfirmDraft
          draft={{
            id: "d-1",
            title: "LIS → OPO",
            lines: [{ label: "Seat 12A", value: "× 1" }],
            total: { amount: "40.00", currency: "EUR" },
            expiresAt: "2099-01-01T00:00:00Z",
          }}
          onCommit={async () => ({ ok: true, reference: "o-1" })}
          onCancel={() => {}}
        />
      </MessagesProvider>,
      { globals: { locale: "ru" } },
    );
    expect(screen.getByRole("button", { name: "Забронировать рейс" })).toBeVisible();
    // Keys the app leaves alone stay the kit's, in the host language.
    expect(screen.getByRole("alertdialog", { name: "Подтвердите" })).toBeVisible();
  });
});
