/**
 * Builds the GiftGenius widget with the kit's plugin:
 * `npm run build` → dist/widget.html, dist/widget.manifest.json, dist/contract.json;
 * `npm run build:preact` (`--mode preact`, or WIDGET_TARGET=preact) → the same under dist/preact/.
 * WIDGET_ROOT builds another widget directory with the same config (the kit's tests and bench
 * use it); WIDGET_OUT_DIR replaces `dist`. WIDGET_LOCALES / WIDGET_HOSTS (comma-separated, e.g.
 * `en` and `openai`) build only those catalogs and host adapters (the bench's one-locale,
 * one-host row). Relative paths in them start at the working directory.
 */
import { fileURLToPath } from "node:url";
import { resolve } from "node:path";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import { widgetKit, type WidgetKitOptions } from "mcp-widget-kit/build";
import type { Language } from "mcp-widget-kit";
import giftGeniusWidget from "./widget.config.ts";
import { messages as giftGeniusMessages } from "./widget/messages.ts";

const app = fileURLToPath(new URL(".", import.meta.url));

/** A comma-separated list from the environment, or undefined (= everything). */
function listFromEnv<T extends string>(name: string): T[] | undefined {
  const value = process.env[name]?.trim();
  return value ? (value.split(",").map((item) => item.trim()) as T[]) : undefined;
}

export default defineConfig(({ mode }) => {
  const target = mode === "preact" || process.env.WIDGET_TARGET === "preact" ? "preact" : "react";
  const outDir = resolve(
    process.env.WIDGET_OUT_DIR ? resolve(process.env.WIDGET_OUT_DIR) : resolve(app, "dist"),
    target === "preact" ? "preact" : ".",
  );
  return {
    root: process.env.WIDGET_ROOT ? resolve(process.env.WIDGET_ROOT) : resolve(app, "widget"),
    plugins: [
      react(),
      widgetKit({
        config: giftGeniusWidget,
        target,
        contractLock: resolve(app, "contract.lock.json"),
        locales: listFromEnv<Language>("WIDGET_LOCALES"),
        hosts: listFromEnv<NonNullable<WidgetKitOptions["hosts"]>[number]>("WIDGET_HOSTS"),
        // GiftGenius' App wraps everything in its MessagesProvider; another root may not.
        messages: process.env.WIDGET_ROOT ? undefined : giftGeniusMessages,
      }),
    ],
    build: {
      outDir,
      // dist/ also holds the preact build; each build overwrites only its own files.
      emptyOutDir: false,
      target: "es2022",
    },
  };
});
