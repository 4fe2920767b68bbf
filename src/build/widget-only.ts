/**
 * What the built widget goes without, and how it packs what it keeps. Builds only: the dev
 * server, Storybook and tests run the kit as written.
 *
 * - `contract/declaration-checks` throws on a malformed declaration (a contract, tool refs,
 *   messages) for callers no typecheck stops; in the widget build a module whose checks do
 *   nothing stands in for it, so their messages never ship. The checks still run everywhere
 *   else — tests, the dev server, Storybook, the server, and the Node process running this
 *   build, which loaded the widget's contract through its config before bundling.
 * - the kit's catalogs leave out the texts the app's provided messages re-word everywhere, and
 *   every catalog — the kit's and the app's `defineMessages` literals — is written as one
 *   string of keys and one list of values (kit-texts.ts, app-translations.ts).
 */
import type { Plugin } from "vite";
import type { AppMessages } from "../i18n/app-messages.ts";
import { compactAppCatalogs, isAppScript } from "./app-translations.ts";
import {
  KIT_CATALOG_HELPER,
  KIT_CATALOG_MODULE,
  kitCatalogHelper,
  overriddenKitKeys,
  rewriteKitCatalog,
} from "./kit-texts.ts";

const DECLARATION_CHECKS = /[\\/](?:src|lib)[\\/]contract[\\/]declaration-checks\.(?:ts|js)$/;

/** The widget's stand-in for `contract/declaration-checks`: the same exports, doing nothing. */
export const NO_DECLARATION_CHECKS = [
  "export function checkContractDeclaration() {}",
  "export function checkToolRefKind() {}",
  "export function checkDefaultLocales() {}",
].join("\n");

/** The edit moves code, so the old source mappings no longer hold: say there are none. */
function rewritten(code: string | null) {
  return code === null ? null : { code, map: { mappings: "" } };
}

/** The widget build's swaps and rewrites; `messages` as in `widgetKit({ messages })`. */
export function widgetOnlyPlugin(
  name: string,
  options: { messages?: AppMessages<unknown> } = {},
): Plugin {
  const overridden = options.messages ? overriddenKitKeys(options.messages) : new Set<string>();
  return {
    name,
    apply: "build",
    enforce: "pre",
    resolveId(id) {
      return id === KIT_CATALOG_HELPER ? `\0${KIT_CATALOG_HELPER}` : null;
    },
    load(id) {
      if (id === `\0${KIT_CATALOG_HELPER}`) return kitCatalogHelper(overridden);
      return DECLARATION_CHECKS.test(id.split("?")[0]!) ? NO_DECLARATION_CHECKS : null;
    },
    transform(code, id) {
      const path = id.split("?")[0]!;
      if (KIT_CATALOG_MODULE.test(path))
        return rewritten(rewriteKitCatalog(code, path, overridden));
      if (!isAppScript(path)) return null;
      return rewritten(compactAppCatalogs(code, path));
    },
  };
}
