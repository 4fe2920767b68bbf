/**
 * GiftGenius integration: builds the real GiftGenius widget with declared locales and hosts and
 * checks what ships — the kit's catalogs and adapters, and GiftGenius' own translations limited
 * the same way. Its subject is "the real app builds with only what it declares", so it lives
 * with the example rather than among the kit's build unit tests.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { build } from "vite";
import react from "@vitejs/plugin-react";
import { widgetKit, type WidgetKitOptions } from "mcp-widget-kit/build";
import type { Language } from "mcp-widget-kit";
import giftGeniusWidget from "../widget.config.ts";
import { messages } from "../widget/messages.ts";

/** A host adapter the build can be limited to (`widgetKit({ hosts })`). */
type HostProtocol = NonNullable<WidgetKitOptions["hosts"]>[number];

const root = fileURLToPath(new URL("../widget", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "mcp-widget-kit-declared-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function widgetHtml(
  name: string,
  locales?: Language[],
  hosts?: HostProtocol[],
  appMessages?: typeof messages,
) {
  const outDir = join(work, name);
  await build({
    configFile: false,
    logLevel: "silent",
    root,
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    plugins: [
      react(),
      widgetKit({
        config: giftGeniusWidget,
        contractLock: false,
        locales,
        hosts,
        messages: appMessages,
      }),
    ],
    build: { outDir, emptyOutDir: true },
  });
  return readFileSync(join(outDir, "widget.html"), "utf8");
}

// A kit sentence per catalog, and a string only each adapter has.
const KIT_TEXT = { en: "Something went wrong", ru: "Что-то пошло не так", zh: "出了点问题" };
// GiftGenius' own words (its defineMessages call): the default locale's, and two translations.
const APP_TEXT = { en: "Confirm purchase", ru: "Подтвердить покупку", zh: "确认购买" };
// WriteView's own sentences (`writeCatalogs`), which GiftGenius' WriteView ships.
const WRITE_TEXT = {
  en: "The payment was not completed. Nothing was charged.",
  ru: "Оплата не завершена. Деньги не списаны.",
  zh: "付款未完成。没有扣款。",
};
const MCP_APPS_ONLY = "ui/initialize";
const OPENAI_ONLY = "openai:set_globals";

describe("widgetKit({ locales, hosts })", () => {
  it("ships every catalog and both adapters by default", async () => {
    const html = await widgetHtml("all");
    for (const text of Object.values(KIT_TEXT)) expect(html).toContain(text);
    for (const text of Object.values(APP_TEXT)) expect(html).toContain(text);
    for (const text of Object.values(WRITE_TEXT)) expect(html).toContain(text);
    expect(html).toContain(MCP_APPS_ONLY);
    expect(html).toContain(OPENAI_ONLY);
  }, 120_000);

  it("ships only the declared catalogs and adapter", async () => {
    const html = await widgetHtml("ru-openai", ["ru"], ["openai"]);
    expect(html).toContain(KIT_TEXT.ru);
    expect(html).not.toContain(KIT_TEXT.en);
    expect(html).not.toContain(KIT_TEXT.zh);
    // WriteView's sentences are left out with the catalogs they sit in.
    expect(html).toContain(WRITE_TEXT.ru);
    expect(html).not.toContain(WRITE_TEXT.en);
    expect(html).not.toContain(WRITE_TEXT.zh);
    expect(html).toContain(OPENAI_ONLY);
    expect(html).not.toContain(MCP_APPS_ONLY);
    // The app's translations are limited the same way; its default locale is the fallback.
    expect(html).toContain(APP_TEXT.ru);
    expect(html).toContain(APP_TEXT.en);
    expect(html).not.toContain(APP_TEXT.zh);
  }, 120_000);

  it("leaves out the kit texts the app's provided messages re-word in every catalog", async () => {
    // GiftGenius re-words `committing` in all four catalogs, and not `retry`.
    const kitCommitting = ["Sending…", "Отправляем…", "正在提交…"];
    const kitRetry = ["Try again", "Повторить"];
    const without = await widgetHtml("all-kit-texts");
    for (const text of [...kitCommitting, ...kitRetry]) expect(without).toContain(text);
    const html = await widgetHtml("app-texts", undefined, undefined, messages);
    for (const text of kitCommitting) expect(html).not.toContain(text);
    for (const text of kitRetry) expect(html).toContain(text);
    expect(html).toContain("Placing your order…");
    expect(html).toContain("Оформляем заказ…");
  }, 120_000);
});
