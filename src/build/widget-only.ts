/**
 * What the built widget goes without. `contract/declaration-checks` throws on a malformed
 * declaration (a contract, tool refs, messages) for callers no typecheck stops; in the widget
 * build this plugin loads a module whose checks do nothing in its place, so their messages
 * never ship. The checks still run everywhere else — tests, the dev server, Storybook, the
 * server, and the Node process running this build, which loaded the widget's contract through
 * its config before bundling. Builds only.
 */
import type { Plugin } from "vite";

const DECLARATION_CHECKS = /[\\/](?:src|lib)[\\/]contract[\\/]declaration-checks\.(?:ts|js)$/;

/** The widget's stand-in for `contract/declaration-checks`: the same exports, doing nothing. */
export const NO_DECLARATION_CHECKS = [
  "export function checkContractDeclaration() {}",
  "export function checkToolRefKind() {}",
  "export function checkDefaultLocales() {}",
].join("\n");

/** The plugin that swaps the declaration checks out of the widget build. */
export function widgetOnlyPlugin(name: string): Plugin {
  return {
    name,
    apply: "build",
    enforce: "pre",
    load(id) {
      return DECLARATION_CHECKS.test(id.split("?")[0]!) ? NO_DECLARATION_CHECKS : null;
    },
  };
}
