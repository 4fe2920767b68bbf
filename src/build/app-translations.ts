/**
 * Drops an app's undeclared translations at build time. `widgetKit({ locales })` keeps the
 * kit's other catalogs out of the bundle by swapping a module; an app's own catalogs are an
 * object literal in its `defineMessages(defaults, translations)` call, which tree-shaking never
 * trims. So the call's second argument is rewritten to keep only the locales whose language
 * was declared. The default locale (the first argument) always stays: it is the fallback, and
 * it fixes the keys every other catalog is typed against.
 */
import { parseAst } from "vite";
import { applyEdits, isNode, keepProperties, type Edit, type Node } from "./ast-edits.ts";

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

/** The locale a property names (`ru`, `"pt-BR"`), or undefined when it is computed or spread. */
function localeKey(property: Node): string | undefined {
  if (property.type !== "Property" || property.computed === true || !isNode(property.key))
    return undefined;
  const key = property.key;
  if (key.type === "Identifier" && typeof key.name === "string") return key.name;
  if (key.type === "Literal" && typeof key.value === "string") return key.value;
  return undefined;
}

function* walk(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
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
  if (!code.includes("defineMessages")) return null;
  let program: unknown;
  try {
    program = parseAst(code, { lang: languageOf(filename) }, filename);
  } catch {
    // Trimming only saves bytes: a file this parser cannot read (JSX in a .js file, say) is
    // left as it is, and the build's own transform reports any real syntax error.
    return null;
  }
  if (!isNode(program)) return null;
  const keep = languages(locales);
  const edits: Edit[] = [];
  for (const node of walk(program)) {
    if (!callsDefineMessages(node)) continue;
    const translations = Array.isArray(node.arguments) ? (node.arguments[1] as unknown) : undefined;
    if (!isNode(translations) || translations.type !== "ObjectExpression") continue;
    const properties = Array.isArray(translations.properties)
      ? translations.properties.filter(isNode)
      : [];
    const kept = properties.filter((property) => {
      const locale = localeKey(property);
      return locale === undefined || keep.has(locale.split("-")[0]!.toLowerCase());
    });
    if (kept.length === properties.length) continue;
    edits.push(keepProperties(code, translations, kept));
  }
  return edits.length === 0 ? null : applyEdits(code, edits);
}

function languageOf(filename: string): "js" | "jsx" | "ts" | "tsx" {
  const extension = /\.([cm]?[jt]sx?)$/.exec(filename)?.[1]?.replace(/^[cm]/, "");
  return extension === "jsx" || extension === "ts" || extension === "tsx" ? extension : "js";
}
