import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { overriddenKitKeys, rewriteKitCatalog } from "../../src/build/kit-texts.ts";
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

/** Evaluates a rewritten catalog module (plain JS: `export const x = …`) to its object. */
function catalogOf(code: string): Record<string, unknown> {
  const body = code.replace(/^import .*$/gm, "").replace(/^export const (\w+)(?::\s*\w+)? =/m, "(");
  return runInNewContext(`${body.trim().replace(/;$/, "")})`) as Record<string, unknown>;
}

describe("rewriteKitCatalog", () => {
  const drop = new Set(["confirm", "committing"]);

  it("drops the named entries and keeps every other entry, value and order", () => {
    const js = `export const ru = {\n  loading: "Загрузка…",\n  confirm: "Подтвердить",\n  retryIn: (s) => \`через \${s}\`,\n  committing: "Отправляем…",\n  cancel: "Отмена",\n};\n`;
    const out = rewriteKitCatalog(js, "/kit/lib/i18n/messages/ru.js", drop)!;
    expect(out).not.toContain("Подтвердить");
    expect(out).not.toContain("Отправляем");
    const catalog = catalogOf(out);
    expect(Object.keys(catalog)).toEqual(["loading", "retryIn", "cancel"]);
    expect(catalog.loading).toBe("Загрузка…");
    expect((catalog.retryIn as (s: number) => string)(3)).toBe("через 3");
  });

  it("reads TypeScript and writes the catalog compactly even with nothing to drop", () => {
    const ts = `import type { Messages } from "./en.ts";\nexport const en: Messages = { loading: "Loading…", cancel: "Cancel" };\n`;
    const out = rewriteKitCatalog(ts, "/kit/src/i18n/messages/en.ts", new Set())!;
    expect(out).toContain('"loading cancel"');
    expect(out).not.toContain("loading:");
    expect(catalogOf(out)).toEqual({ loading: "Loading…", cancel: "Cancel" });
  });

  it("leaves alone an object with a key the kit does not have, or a spread", () => {
    const foreign = `export const en = { confirm: "Confirm", somethingElse: "x" };`;
    expect(rewriteKitCatalog(foreign, "/x/lib/i18n/messages/en.js", drop)).toBeNull();
    const spread = `const base = {};\nexport const en = { ...base, confirm: "Confirm" };`;
    expect(rewriteKitCatalog(spread, "/x/lib/i18n/messages/en.js", drop)).toBeNull();
  });
});
