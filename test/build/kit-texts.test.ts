import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  KIT_CATALOG_HELPER,
  kitCatalogHelper,
  overriddenKitKeys,
  rewriteKitCatalog,
} from "../../src/build/kit-texts.ts";
import { en } from "../../src/i18n/messages/en.ts";
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
  it("writes a complete catalog as its values only, paired with the keys the shared helper spells once", () => {
    // Every kit key, in reverse order: the values follow the English catalog's key order.
    const keys = Object.keys(en).reverse();
    const entry = (key: string) =>
      typeof en[key as keyof typeof en] === "function"
        ? `${key}: (v) => "${key}:" + v`
        : `${key}: ${JSON.stringify(`${key}!`)}`;
    const js = `export const xx = {\n${keys.map(entry).join(",\n")}\n};\n`;
    const drop = new Set(["confirm", "committing"]);
    const out = rewriteKitCatalog(js, "/kit/lib/i18n/messages/xx.js", drop)!;
    expect(out).toContain(`import { kitCatalog } from "${KIT_CATALOG_HELPER}";`);
    expect(out).not.toMatch(/loading:|"loading /); // no key spelled out
    expect(out).not.toContain("confirm!");
    const helper = kitCatalogHelper(drop).replace("export const", "const");
    const catalog = catalogOf(`${helper}\n${out}`);
    expect(Object.keys(catalog)).toEqual(Object.keys(en).filter((key) => !drop.has(key)));
    expect(catalog.loading).toBe("loading!");
    expect((catalog.retryIn as (v: number) => string)(3)).toBe("retryIn:3");
  });

  it("keeps the keys in a complete catalog whose value is no literal or function", () => {
    const js = `const t = "x";\nexport const xx = { ${Object.keys(en)
      .map((key) => `${key}: t`)
      .join(", ")} };\n`;
    const out = rewriteKitCatalog(js, "/kit/lib/i18n/messages/xx.js", new Set())!;
    expect(out).not.toContain("kitCatalog");
    expect(out).toContain('"loading resultsLabel');
  });
});
