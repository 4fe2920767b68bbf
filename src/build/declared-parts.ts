/**
 * Builds only what an app declares: `widgetKit({ locales, hosts })` swaps the kit's catalog
 * list (`i18n/catalogs`) and host-adapter list (`bridge/adapters`) for generated modules that
 * import just the declared ones, so the others are never in the module graph — no reliance
 * on tree-shaking a runtime check. Works on the kit's sources (`.ts`) and its built `lib/`
 * (`.js`) alike. An app's own `defineMessages` translations are limited to the declared
 * locales too (app-translations.ts), so an `en` build never ships the app's Russian.
 */
import type { Plugin } from "vite";
import type { Language } from "../i18n/locale.ts";
import { isAppScript, trimAppTranslations } from "./app-translations.ts";

/** A host protocol the widget can speak: ChatGPT's `window.openai`, or MCP Apps. */
export type HostProtocol = "openai" | "mcp-apps";

/** Every kit catalog, in fallback order. */
export const KIT_LOCALES: readonly Language[] = ["en", "ru", "zh", "vi"];
/** Every host adapter. */
export const HOST_PROTOCOLS: readonly HostProtocol[] = ["openai", "mcp-apps"];

const CATALOGS_MODULE = /[\\/](?:src|lib)[\\/]i18n[\\/]catalogs\.(ts|js)$/;
const ADAPTERS_MODULE = /[\\/](?:src|lib)[\\/]bridge[\\/]adapters\.(ts|js)$/;

function checked<T extends string>(kind: string, given: readonly T[], known: readonly T[]): T[] {
  const unknown = given.filter((value) => !known.includes(value));
  if (unknown.length)
    throw new Error(
      `widgetKit: unknown ${kind} ${unknown.join(", ")} (known: ${known.join(", ")})`,
    );
  if (given.length === 0) throw new Error(`widgetKit: declare at least one of ${known.join(", ")}`);
  return [...new Set(given)];
}

/**
 * The generated `i18n/catalogs` for `locales` (the first is the fallback): the kit's catalogs
 * and WriteView's sentences (`writeCatalogs`) of those languages only.
 */
export function catalogsModule(locales: readonly Language[], extension: string): string {
  return [
    ...locales.map(
      (locale) => `import { ${locale}, ${locale}Write } from "./messages/${locale}.${extension}";`,
    ),
    `export const catalogs = { ${locales.join(", ")} };`,
    `export const writeCatalogs = { ${locales.map((locale) => `${locale}: ${locale}Write`).join(", ")} };`,
  ].join("\n");
}

/** The generated `bridge/adapters` for `hosts`. */
export function adaptersModule(hosts: readonly HostProtocol[], extension: string): string {
  const lines: string[] = [];
  const members: string[] = [];
  if (hosts.includes("openai")) {
    lines.push(`import { createOpenAIHost } from "./openai.${extension}";`);
    members.push("openai: createOpenAIHost");
  }
  if (hosts.includes("mcp-apps")) {
    lines.push(`import { createMcpAppsHost } from "./mcp-apps.${extension}";`);
    members.push("mcpApps: createMcpAppsHost");
  }
  lines.push(`export const hostAdapters = { ${members.join(", ")} };`);
  return lines.join("\n");
}

/** The plugin that limits catalogs and adapters; none when nothing is limited. */
export function declaredPartsPlugin(
  name: string,
  options: { locales?: readonly Language[]; hosts?: readonly HostProtocol[] },
): Plugin | null {
  const locales = options.locales && checked("locale", options.locales, KIT_LOCALES);
  const hosts = options.hosts && checked("host", options.hosts, HOST_PROTOCOLS);
  if (!locales && !hosts) return null;
  return {
    name,
    enforce: "pre",
    load(id) {
      const path = id.split("?")[0]!;
      const catalogs = locales && CATALOGS_MODULE.exec(path);
      if (catalogs) return catalogsModule(locales, catalogs[1]!);
      const adapters = hosts && ADAPTERS_MODULE.exec(path);
      if (adapters) return adaptersModule(hosts, adapters[1]!);
      return null;
    },
    transform(code, id) {
      const path = id.split("?")[0]!;
      if (!locales || !isAppScript(path)) return null;
      const trimmed = trimAppTranslations(code, path, locales);
      // The edit moves code, so the old mappings no longer hold: say there are none.
      return trimmed === null ? null : { code: trimmed, map: { mappings: "" } };
    },
  };
}
