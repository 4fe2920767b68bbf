import { describe, expect, it } from "vitest";
import { dropKitTexts, overriddenKitKeys } from "../../src/build/kit-texts.ts";
import { defineMessages } from "../../src/i18n/app-messages.ts";

describe("overriddenKitKeys", () => {
  it("names the kit keys the app gives in every catalog, and no app-only key", () => {
    const messages = defineMessages(
      { en: { confirm: "Book", cancel: "Back", book: "Book it" } },
      { ru: { confirm: "Забронировать", cancel: "Назад", book: "Бронь" } },
    );
    expect([...overriddenKitKeys(messages)].sort()).toEqual(["cancel", "confirm"]);
  });

  it("keeps a kit text that one catalog does not re-word (typecheck aside, at run time)", () => {
    const messages = {
      defaultLocale: "en",
      catalogs: { en: { confirm: "Book", cancel: "Back" }, ru: { confirm: "Забронировать" } },
    };
    expect([...overriddenKitKeys(messages)]).toEqual(["confirm"]);
  });

  it("keeps every kit text when the default catalog is missing or a value is no message", () => {
    expect(
      overriddenKitKeys({ defaultLocale: "de", catalogs: { en: { confirm: "x" } } }).size,
    ).toBe(0);
    const odd = { defaultLocale: "en", catalogs: { en: { confirm: 1, cancel: null } } };
    expect(overriddenKitKeys(odd).size).toBe(0);
  });
});

describe("dropKitTexts", () => {
  const drop = new Set(["confirm", "committing"]);

  it("drops the named entries of a kit catalog, in TypeScript and in JavaScript", () => {
    const ts = `import type { Messages } from "./en.ts";\nexport const ru: Messages = {\n  loading: "Загрузка…",\n  confirm: "Подтвердить",\n  retryIn: (s) => \`через \${s}\`,\n  committing: "Отправляем…",\n};\n`;
    const out = dropKitTexts(ts, "/kit/src/i18n/messages/ru.ts", drop)!;
    expect(out).toContain('loading: "Загрузка…"');
    expect(out).toContain("retryIn: (s) =>");
    expect(out).not.toContain("Подтвердить");
    expect(out).not.toContain("Отправляем");
    const js = `export const en = { loading: "Loading…", confirm: "Confirm" };`;
    expect(dropKitTexts(js, "/kit/lib/i18n/messages/en.js", drop)).toBe(
      `export const en = { loading: "Loading…" };`,
    );
  });

  it("leaves alone an object with a key the kit does not have, a spread, or nothing to drop", () => {
    const foreign = `export const en = { confirm: "Confirm", somethingElse: "x" };`;
    expect(dropKitTexts(foreign, "/x/lib/i18n/messages/en.js", drop)).toBeNull();
    const spread = `const base = {};\nexport const en = { ...base, confirm: "Confirm" };`;
    expect(dropKitTexts(spread, "/x/lib/i18n/messages/en.js", drop)).toBeNull();
    const none = `export const en = { loading: "Loading…" };`;
    expect(dropKitTexts(none, "/x/lib/i18n/messages/en.js", drop)).toBeNull();
    expect(dropKitTexts(none, "/x/lib/i18n/messages/en.js", new Set())).toBeNull();
  });
});
