/**
 * Limits on the shape of a JSON request body, checked on the raw text before it is parsed.
 * The body limit alone does not bound nesting: 10 KB of `[` is 5,000 levels, which the SDK
 * (and any recursive code after it, `JSON.stringify` included) cannot take — a stack overflow
 * and a 500 instead of a clear refusal. One linear pass over the text, no recursion, stopping
 * at the first excess, so a hostile body costs no more than reading it.
 */

/** How deep and how wide a request body may be. */
export interface JsonLimits {
  /** Deepest nesting of objects and arrays (`{"a":[1]}` is 2). Default 64. */
  maxDepth?: number;
  /** Most members in one object. Default 1,000. */
  maxKeys?: number;
  /** Most items in one array (a JSON-RPC batch included). Default 10,000. */
  maxItems?: number;
}

/** The defaults of {@link JsonLimits}, as documented in docs/server.md. */
export const DEFAULT_JSON_LIMITS: Readonly<Required<JsonLimits>> = Object.freeze({
  maxDepth: 64,
  maxKeys: 1_000,
  maxItems: 10_000,
});

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * The first limit `text` breaks, as a sentence for the client (`undefined`: within limits).
 * Text that is not JSON may pass; `JSON.parse` refuses it afterwards.
 */
export function jsonLimitBroken(text: string, limits: JsonLimits = {}): string | undefined {
  const { maxDepth, maxKeys, maxItems } = { ...DEFAULT_JSON_LIMITS, ...limits };
  // Per open container: whether it is an object, and how many entries it has so far.
  const isObject: boolean[] = [];
  const entries: number[] = [];
  let inString = false;
  let escaped = false;
  // After `{`, `[` or `,`: the next token starts an entry of the innermost container.
  let entryStarts = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (isWhitespace(code)) continue;
    const depth = entries.length;
    if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) {
      isObject.pop();
      entries.pop();
      entryStarts = false;
      continue;
    }
    if (code === COMMA) {
      entryStarts = true;
      continue;
    }
    if (entryStarts && depth > 0) {
      entryStarts = false;
      const count = (entries[depth - 1] ?? 0) + 1;
      entries[depth - 1] = count;
      if (isObject[depth - 1] && count > maxKeys)
        return `an object has more than ${maxKeys} members`;
      if (!isObject[depth - 1] && count > maxItems)
        return `an array has more than ${maxItems} items`;
    }
    if (code === QUOTE) inString = true;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      if (depth + 1 > maxDepth) return `it is nested deeper than ${maxDepth} levels`;
      isObject.push(code === OPEN_OBJECT);
      entries.push(0);
      entryStarts = true;
    }
  }
  return undefined;
}
