/**
 * Drops an app's undeclared translations at build time. `widgetKit({ locales })` keeps the
 * kit's other catalogs out of the bundle by swapping a module; an app's own catalogs are an
 * object literal in its `defineMessages(defaults, translations)` call, which tree-shaking never
 * trims. So the call's second argument is rewritten to keep only the locales whose language
 * was declared. The default locale (the first argument) always stays: it is the fallback, and
 * it fixes the keys every other catalog is typed against.
 */
import {
  applyEdits,
  compactObject,
  isNode,
  keepProperties,
  parseModule,
  staticKey,
  walk,
  type Edit,
  type Node,
} from "./ast-edits.ts";

const SCRIPT_MODULE = /\.[cm]?[jt]sx?$/;
const DEPENDENCY = /[\\/]node_modules[\\/]/;

/** A script of the app itself (not a dependency's), where its `defineMessages` calls are. */
export function isAppScript(path: string): boolean {
  return SCRIPT_MODULE.test(path) && !DEPENDENCY.test(path);
}

/** `defineMessages(…)` or `anything.defineMessages(…)`. */
function callsDefineMessages(node: Node): boolean {
  if (node.type !== "CallExpression" || !isNode(node.callee)) return false;
  const callee = node.callee;
  if (callee.type === "Identifier") return callee.name === "defineMessages";
  return (
    callee.type === "MemberExpression" &&
    isNode(callee.property) &&
    callee.property.name === "defineMessages"
  );
}

/** Every `defineMessages(…)` call of a module, or none when it cannot be read. */
function defineMessagesCalls(code: string, filename: string): Node[] {
  if (!code.includes("defineMessages")) return [];
  const program = parseModule(code, filename);
  return program ? [...walk(program)].filter(callsDefineMessages) : [];
}

/** The languages of `locales` (`pt-BR` → `pt`), lower-case. */
function languages(locales: readonly string[]): Set<string> {
  return new Set(locales.map((locale) => locale.split("-")[0]!.toLowerCase()));
}

/**
 * `code` with every `defineMessages` call's translations limited to `locales` (by language:
 * declaring `pt` keeps `pt-BR`), or null when nothing changes. A spread or computed key is
 * kept, since what it holds is only known at run time.
 */
export function trimAppTranslations(
  code: string,
  filename: string,
  locales: readonly string[],
): string | null {
  const keep = languages(locales);
  const edits: Edit[] = [];
  for (const call of defineMessagesCalls(code, filename)) {
    const translations = Array.isArray(call.arguments) ? (call.arguments[1] as unknown) : undefined;
    if (!isNode(translations) || translations.type !== "ObjectExpression") continue;
    const properties = Array.isArray(translations.properties)
      ? translations.properties.filter(isNode)
      : [];
    const kept = properties.filter((property) => {
      const locale = staticKey(property);
      return locale === undefined || keep.has(locale.split("-")[0]!.toLowerCase());
    });
    if (kept.length === properties.length) continue;
    edits.push(keepProperties(code, translations, kept));
  }
  return edits.length === 0 ? null : applyEdits(code, edits);
}

/**
 * `code` with each catalog literal of every `defineMessages` call (`{ en: { … } }`,
 * `{ ru: { … }, zh: { … } }`) written compactly (`compactObject`: one string of keys, one list
 * of values), or null when nothing changes. A catalog that is not a plain literal is kept.
 */
export function compactAppCatalogs(code: string, filename: string): string | null {
  const edits: Edit[] = [];
  for (const call of defineMessagesCalls(code, filename)) {
    const locales = Array.isArray(call.arguments) ? call.arguments.filter(isNode) : [];
    for (const argument of locales.slice(0, 2)) {
      if (argument.type !== "ObjectExpression" || !Array.isArray(argument.properties)) continue;
      for (const locale of argument.properties.filter(isNode)) {
        const catalog = isNode(locale.value) ? locale.value : undefined;
        if (staticKey(locale) === undefined || catalog?.type !== "ObjectExpression") continue;
        const edit = compactObject(code, catalog);
        if (edit) edits.push(edit);
      }
    }
  }
  return edits.length === 0 ? null : applyEdits(code, edits);
}
