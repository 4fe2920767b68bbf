/**
 * The little ESTree reading and source editing the build's rewrites share (an app's
 * translations trimmed to its locales, the kit texts an app re-words left out): plain
 * properties of object literals, replaced by the text of the ones kept.
 */

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

/** `code` with `edits` (which do not overlap) applied. */
export function applyEdits(code: string, edits: readonly Edit[]): string {
  let result = code;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  return result;
}
