/**
 * The kit's catalogs as the widget ships them. Two rewrites of each kit catalog module
 * (`i18n/messages/ru.ts`, or `.js` in the kit's built `lib/`), at build time only — sources,
 * tests and the `Messages` type keep every key as written:
 *
 * - the kit texts an app re-words everywhere are left out. An app's `MessagesProvider`
 *   replaces a kit text with its own (e.g. `confirm` → "Confirm purchase"); when the app
 *   gives that key in every one of its catalogs, whatever the host locale the app's catalog for
 *   it holds the key (`appCatalogFor` falls back to the app's default locale, never to the
 *   kit), so the kit's own text in any language can never show. `widgetKit({ messages })`
 *   names those messages.
 * - the catalog is written as one string of keys and one list of values (`compactObject`), so
 *   the four catalogs do not each spell out every key. A complete catalog (every kept key,
 *   each value a literal or a function) is only its list of values, in the English catalog's
 *   order, given to one shared helper module (`KIT_CATALOG_HELPER`) that holds the keys once:
 *   a widget with four languages then ships its ~800 characters of keys once, not four times.
 */
import type { AppMessages } from "../i18n/app-messages.ts";
import { en } from "../i18n/messages/en.ts";
import {
  applyEdits,
  compactObject,
  isNode,
  parseModule,
  staticKey,
  type Edit,
  type Node,
} from "./ast-edits.ts";

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

/** The module id a complete kit catalog imports its builder from, in the widget build. */
export const KIT_CATALOG_HELPER = "virtual:mcp-widget-kit/kit-catalog";

/** The kit keys a widget keeps (all but `drop`), in the English catalog's order. */
function keptKitKeys(drop: ReadonlySet<string>): string[] {
  return [...KIT_KEYS].filter((key) => !drop.has(key));
}

/**
 * The code of `KIT_CATALOG_HELPER`: `kitCatalog(values)` pairs the kept kit keys (all but
 * `drop`, in the English catalog's order) with `values`, one per key.
 */
export function kitCatalogHelper(drop: ReadonlySet<string>): string {
  const keys = JSON.stringify(keptKitKeys(drop).join(" "));
  return `export const kitCatalog = (v) => Object.fromEntries(${keys}.split(" ").map((k, i) => [k, v[i]]));\n`;
}

/** Values whose evaluation has no effect, so writing them in another order changes nothing. */
const INERT_VALUES = new Set([
  "Literal",
  "TemplateLiteral",
  "ArrowFunctionExpression",
  "FunctionExpression",
]);

/**
 * The edit that writes a complete catalog (every key of `kept` once, each value inert) as
 * `kitCatalog([…])`, its values in `kept`'s order; undefined for any other object.
 */
function sharedKeysEdit(
  code: string,
  object: Node,
  properties: readonly Node[],
  kept: readonly string[],
): Edit | undefined {
  const byKey = new Map<string, Node>();
  for (const property of properties) {
    const key = staticKey(property);
    if (key !== undefined && kept.includes(key) && isNode(property.value))
      byKey.set(key, property.value);
  }
  const values = kept.map((key) => byKey.get(key));
  if (values.some((value) => !value || !INERT_VALUES.has(value.type))) return undefined;
  const text = `kitCatalog([${values.map((value) => code.slice(value!.start, value!.end)).join(", ")}])`;
  return { start: object.start, end: object.end, text };
}

/** `{ … }`, also under a type assertion (`{ … } satisfies Messages`). */
function objectLiteral(node: unknown): Node | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === "ObjectExpression") return node;
  if (node.type === "TSSatisfiesExpression" || node.type === "TSAsExpression")
    return objectLiteral(node.expression);
  return undefined;
}

/**
 * `code` of a kit catalog module (`export const ru = { … }`) without the entries named in
 * `drop` and written compactly, or null when it holds no kit catalog. Only an object whose
 * every entry is a plain kit key is touched, so a file that merely looks like a kit catalog
 * (another package's) is left alone. A complete catalog is built by `KIT_CATALOG_HELPER`'s
 * `kitCatalog` (its code: `kitCatalogHelper(drop)`), imported at the top of the module.
 */
export function rewriteKitCatalog(
  code: string,
  filename: string,
  drop: ReadonlySet<string>,
): string | null {
  const program = parseModule(code, filename);
  if (!program || !Array.isArray(program.body)) return null;
  const edits: Edit[] = [];
  const kept = keptKitKeys(drop);
  let shared = false;
  for (const statement of program.body.filter(isNode)) {
    if (statement.type !== "ExportNamedDeclaration" || !isNode(statement.declaration)) continue;
    const declarations = statement.declaration.declarations;
    if (!Array.isArray(declarations)) continue;
    for (const declarator of declarations.filter(isNode)) {
      const object = objectLiteral(declarator.init);
      if (!object || !Array.isArray(object.properties)) continue;
      const properties = object.properties.filter(isNode);
      const keys = properties.map(staticKey);
      if (keys.some((key) => key === undefined || !KIT_KEYS.has(key))) continue;
      const complete = keys.length === KIT_KEYS.size;
      const sharedEdit = complete ? sharedKeysEdit(code, object, properties, kept) : undefined;
      shared ||= sharedEdit !== undefined;
      const edit =
        sharedEdit ??
        compactObject(
          code,
          object,
          properties.filter((_, index) => !drop.has(keys[index]!)),
        );
      if (edit) edits.push(edit);
    }
  }
  if (shared)
    edits.push({
      start: 0,
      end: 0,
      text: `import { kitCatalog } from ${JSON.stringify(KIT_CATALOG_HELPER)};\n`,
    });
  return edits.length === 0 ? null : applyEdits(code, edits);
}
