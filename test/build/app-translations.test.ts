import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { compactAppCatalogs, trimAppTranslations } from "../../src/build/app-translations.ts";
import { defineMessages } from "../../src/i18n/app-messages.ts";

const source = `import { defineMessages } from "mcp-widget-kit";
const other = { ru: "kept: not a defineMessages call" };
export const messages = defineMessages(
  { en: { book: "Book" } },
  { ru: { book: "Забронировать" }, "pt-BR": { book: "Reservar" }, zh: { book: "预订" }, ...extra },
);`;

describe("trimAppTranslations", () => {
  it("keeps the default locale and the declared languages' translations", () => {
    const out = trimAppTranslations(source, "messages.ts", ["en", "pt"])!;
    expect(out).toContain(`{ en: { book: "Book" } }`);
    expect(out).toContain(`"pt-BR": { book: "Reservar" }`);
    expect(out).not.toContain("Забронировать");
    expect(out).not.toContain("预订");
    // A spread is only known at run time; other objects are not messages.
    expect(out).toContain("...extra");
    expect(out).toContain(`const other = { ru: "kept: not a defineMessages call" };`);
  });

  it("cuts at the right offsets after non-ASCII text", () => {
    const out = trimAppTranslations(source, "messages.ts", ["ru"])!;
    expect(out).toContain(`{ ru: { book: "Забронировать" }, ...extra }`);
    expect(out.endsWith(`,\n);`)).toBe(true);
  });

  it("returns null when nothing is dropped, or the file declares no messages", () => {
    expect(trimAppTranslations(source, "messages.ts", ["en", "ru", "pt", "zh"])).toBeNull();
    expect(trimAppTranslations("export const a = 1;", "a.ts", ["en"])).toBeNull();
    // Unparsable here (JSX in a .js file): left alone rather than failing the build.
    const jsxInJs = `defineMessages({ en: {} }, { ru: {} }); const v = <p />;`;
    expect(trimAppTranslations(jsxInJs, "view.js", ["en"])).toBeNull();
  });

  it("parses TSX and member calls (kit.defineMessages)", () => {
    const tsx = `const m = kit.defineMessages({ en: { a: "A" } }, { vi: { a: "Á" } });
export const view = <p>{m.defaultLocale}</p>;`;
    const out = trimAppTranslations(tsx, "app.tsx", ["en"])!;
    expect(out).toContain(`kit.defineMessages({ en: { a: "A" } }, {  })`);
    expect(out).toContain("<p>{m.defaultLocale}</p>");
  });
});

describe("compactAppCatalogs", () => {
  const app = `export const messages = defineMessages(
  { en: { book: "Book", seats: (n: number) => \`\${n} seats\` } },
  { ru: { book: "Забронировать", seats: (n: number) => \`\${n} мест\` }, ...extra, de: other },
);`;

  it("writes each catalog literal as keys and values that build the same catalogs", () => {
    const out = compactAppCatalogs(app, "messages.ts")!;
    expect(out).not.toMatch(/book:/);
    expect(out.match(/"book seats"/g)).toHaveLength(2);
    // A spread or a catalog that is no literal is left as written.
    expect(out).toContain("...extra, de: other");
    const js = out.replace(/\(n: number\)/g, "(n)").replace("export const messages =", "");
    const built = runInNewContext(js, {
      defineMessages,
      extra: {},
      other: { book: "Buchen" },
    }) as ReturnType<typeof defineMessages>;
    const ru = built.catalogs.ru as { book: string; seats: (n: number) => string };
    expect(ru.book).toBe("Забронировать");
    expect(ru.seats(3)).toBe("3 мест");
    expect(Object.keys(built.catalogs.en!)).toEqual(["book", "seats"]);
  });

  it("returns null for a file without defineMessages", () => {
    expect(compactAppCatalogs(`const a = { en: { b: "c" } };`, "a.ts")).toBeNull();
  });
});
