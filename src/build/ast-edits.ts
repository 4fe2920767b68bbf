/**
 * The little ESTree reading and source editing the build's rewrites share (an app's
 * translations trimmed to its locales, the kit texts an app re-words left out, catalogs
 * written compactly): plain properties of object literals, replaced by the text of the ones
 * kept, in the same order.
 */
import { parseAst } from "vite";

/** The ESTree nodes the build reads, with the offsets the parser gives them. */
export interface Node {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

/** True for an ESTree node. */
export function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/**
 * The program of a `.js`/`.jsx`/`.ts`/`.tsx` module, or undefined when the parser cannot read
 * it (the build's own transform then reports any real syntax error): every rewrite only saves
 * bytes, so a module it cannot read is left as it is.
 */
export function parseModule(code: string, filename: string): Node | undefined {
  const extension = /\.([cm]?[jt]sx?)$/.exec(filename)?.[1]?.replace(/^[cm]/, "");
  const lang = extension === "jsx" || extension === "ts" || extension === "tsx" ? extension : "js";
  try {
    const program: unknown = parseAst(code, { lang }, filename);
    return isNode(program) ? program : undefined;
  } catch {
    return undefined;
  }
}

/** Every node of the tree under `node`, `node` first. */
export function* walk(node: Node): Generator<Node> {
  yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item);
    } else if (isNode(value)) yield* walk(value);
  }
}

/** A `key: value` property's key (a name or a string), or undefined: spread, computed, getter, method. */
export function staticKey(property: Node): string | undefined {
  if (property.type !== "Property" || property.computed === true) return undefined;
  if (property.kind !== "init" || property.method === true || !isNode(property.key))
    return undefined;
  const key = property.key;
  if (key.type === "Identifier" && typeof key.name === "string") return key.name;
  if (key.type === "Literal" && typeof key.value === "string") return key.value;
  return undefined;
}

/** A replacement of `code.slice(start, end)`. */
export interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** An edit that replaces the object literal `object` by one with only `kept` of its properties. */
export function keepProperties(code: string, object: Node, kept: readonly Node[]): Edit {
  const text = `{ ${kept.map((property) => code.slice(property.start, property.end)).join(", ")} }`;
  return { start: object.start, end: object.end, text };
}

/** A key `compactObject` can carry in its space-separated list (and that is no prototype). */
const LISTABLE_KEY = /^[A-Za-z_$][\w$]*$/;

/**
 * An edit that writes the object literal `object`, with only `kept` of its properties, as one
 * string of its keys and one array of its values:
 * `((v) => Object.fromEntries("a b".split(" ").map((k, i) => [k, v[i]])))([1, f])` builds the
 * same object, values evaluated in the same order. A message catalog repeats its keys once per
 * language; as one string each, gzip stores every catalog's keys after the first almost for
 * free. Undefined when a property is not a plain `key: value` or a key is not a plain name
 * (or is `__proto__`, which a literal treats differently).
 */
export function compactObject(
  code: string,
  object: Node,
  kept: readonly Node[] = Array.isArray(object.properties) ? object.properties.filter(isNode) : [],
): Edit | undefined {
  const keys: string[] = [];
  const values: string[] = [];
  for (const property of kept) {
    const key = staticKey(property);
    if (key === undefined || !LISTABLE_KEY.test(key) || key === "__proto__") return undefined;
    if (!isNode(property.value)) return undefined;
    keys.push(key);
    values.push(code.slice(property.value.start, property.value.end));
  }
  if (keys.length === 0) return { start: object.start, end: object.end, text: "{}" };
  const text =
    `((v) => Object.fromEntries(${JSON.stringify(keys.join(" "))}.split(" ")` +
    `.map((k, i) => [k, v[i]])))([${values.join(", ")}])`;
  return { start: object.start, end: object.end, text };
}

/** `code` with `edits` (which do not overlap) applied. */
export function applyEdits(code: string, edits: readonly Edit[]): string {
  let result = code;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}
