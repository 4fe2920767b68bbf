/**
 * Leaves out of the widget the kit texts an app re-words everywhere. An app's
 * `MessagesProvider` replaces a kit text with its own (GiftGenius: `confirm` → "Confirm
 * purchase"); when the app gives that key in every one of its catalogs, whatever the host
 * locale, the app's catalog for it holds the key (`appCatalogFor` falls back to the app's
 * default locale, never to the kit), so the kit's own text in any language can never show.
 * `widgetKit({ messages })` names those messages; the kit's catalog modules are then rewritten
 * at build time without those keys. Only the built widget changes: sources, tests and the
 * `Messages` type keep every key.
 */
import { parseAst } from "vite";
import type { AppMessages } from "../i18n/app-messages.ts";
import { en } from "../i18n/messages/en.ts";
import { applyEdits, isNode, keepProperties, type Edit, type Node } from "./ast-edits.ts";

/** The kit's message keys (the English catalog fixes them). */
const KIT_KEYS: ReadonlySet<string> = new Set(Object.keys(en));

/** A kit catalog module (`i18n/messages/ru.ts`, or `.js` in the kit's built `lib/`). */
export const KIT_CATALOG_MODULE =
  /[\\/](?:src|lib)[\\/]i18n[\\/]messages[\\/]([a-z]{2})\.(?:ts|js)$/;

/**
 * The kit keys `messages` gives in every catalog (a text or a function), so no kit component
 * below its `MessagesProvider` ever reads the kit's own text for them.
 */
export function overriddenKitKeys(messages: AppMessages<unknown>): Set<string> {
  const catalogs = Object.values(messages.catalogs).filter(
    (catalog): catalog is Record<string, unknown> =>
      typeof catalog === "object" && catalog !== null,
  );
  const keys = new Set<string>();
  // Without its default catalog the app falls back to nothing: keep every kit text.
  const fallback = messages.catalogs[messages.defaultLocale];
  if (typeof fallback !== "object" || fallback === null) return keys;
  for (const key of KIT_KEYS) {
    const everywhere = catalogs.every((catalog) => {
      const value = Object.hasOwn(catalog, key) ? catalog[key] : undefined;
      return typeof value === "string" || typeof value === "function";
    });
    if (everywhere) keys.add(key);
  }
  return keys;
}

/** `{ … }`, also under a type assertion (`{ … } satisfies Messages`). */
function objectLiteral(node: unknown): Node | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === "ObjectExpression") return node;
  if (node.type === "TSSatisfiesExpression" || node.type === "TSAsExpression")
    return objectLiteral(node.expression);
  return undefined;
}

/** A plain `key: value` property's key, or undefined (spread, computed, getter, method). */
function plainKey(property: Node): string | undefined {
  if (property.type !== "Property" || property.computed === true || property.kind !== "init")
    return undefined;
  if (property.method === true || !isNode(property.key)) return undefined;
  const key = property.key;
  if (key.type === "Identifier" && typeof key.name === "string") return key.name;
  if (key.type === "Literal" && typeof key.value === "string") return key.value;
  return undefined;
}

/**
 * `code` of a kit catalog module (`export const ru = { … }`) without the entries named in
 * `drop`, or null when nothing changes. Only an object whose every entry is a plain kit key is
 * touched, so a file that merely looks like a kit catalog (another package's) is left alone.
 */
export function dropKitTexts(
  code: string,
  filename: string,
  drop: ReadonlySet<string>,
): string | null {
  if (drop.size === 0) return null;
  let program: unknown;
  try {
    program = parseAst(code, { lang: filename.endsWith(".ts") ? "ts" : "js" }, filename);
  } catch {
    return null;
  }
  if (!isNode(program) || !Array.isArray(program.body)) return null;
  const edits: Edit[] = [];
  for (const statement of program.body.filter(isNode)) {
    if (statement.type !== "ExportNamedDeclaration" || !isNode(statement.declaration)) continue;
    const declarations = statement.declaration.declarations;
    if (!Array.isArray(declarations)) continue;
    for (const declarator of declarations.filter(isNode)) {
      const object = objectLiteral(declarator.init);
      if (!object || !Array.isArray(object.properties)) continue;
      const properties = object.properties.filter(isNode);
      const keys = properties.map(plainKey);
      if (keys.some((key) => key === undefined || !KIT_KEYS.has(key))) continue;
      const kept = properties.filter((_, index) => !drop.has(keys[index]!));
      if (kept.length === properties.length) continue;
      edits.push(keepProperties(code, object, kept));
    }
  }
  return edits.length === 0 ? null : applyEdits(code, edits);
}
