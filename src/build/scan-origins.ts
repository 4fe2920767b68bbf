/**
 * Finds the origins a built widget reaches, from what can be read statically in its HTML,
 * JS and CSS: URL literals passed to fetch/XHR/WebSocket/EventSource/sendBeacon, assigned to
 * `src`/`srcset`/`poster` (JSX props, DOM properties, `setAttribute`), HTML `src` attributes,
 * and CSS `url()`. URLs built at run time (from tool output, or concatenated from variables)
 * cannot be seen here; they must be declared by hand.
 */

/** What the widget does with an origin: talk to it, or load a resource from it. */
export type OriginUse = "connect" | "resource";

/** One URL literal found in the bundle. */
export interface FoundUrl {
  url: string;
  /** `new URL(url).origin`, or `undefined` for a URL whose origin cannot be read. */
  origin: string | undefined;
  use: OriginUse;
  /** A short excerpt around the match, for error messages. */
  context: string;
}

// A URL literal: absolute (http, https, ws, wss) or protocol-relative. Stops at quotes,
// whitespace, brackets and template-literal holes.
const URL_LITERAL = String.raw`((?:https?:|wss?:)?\/\/[^\s"'\x60()<>\\$]+)`;
const QUOTE = String.raw`["'\x60]`;

const PATTERNS: ReadonlyArray<{ use: OriginUse; regex: RegExp }> = [
  // fetch("…"), sendBeacon("…"), new WebSocket("…"), new EventSource("…")
  {
    use: "connect",
    regex: new RegExp(
      String.raw`\b(?:fetch|sendBeacon|WebSocket|EventSource)\s*\(\s*${QUOTE}${URL_LITERAL}`,
      "g",
    ),
  },
  // xhr.open("GET", "…")
  {
    use: "connect",
    regex: new RegExp(
      String.raw`\.open\s*\(\s*${QUOTE}[A-Za-z]+${QUOTE}\s*,\s*${QUOTE}${URL_LITERAL}`,
      "g",
    ),
  },
  // src: "…" (JSX props), el.src = "…", src="…" (HTML), likewise srcset/srcSet/poster
  {
    use: "resource",
    regex: new RegExp(
      String.raw`\b(?:src|srcset|srcSet|poster)\s*[:=]\s*${QUOTE}${URL_LITERAL}`,
      "g",
    ),
  },
  // setAttribute("src", "…")
  {
    use: "resource",
    regex: new RegExp(
      String.raw`setAttribute\s*\(\s*${QUOTE}(?:src|srcset|poster)${QUOTE}\s*,\s*${QUOTE}${URL_LITERAL}`,
      "g",
    ),
  },
  // CSS url(…), quoted or not
  { use: "resource", regex: new RegExp(String.raw`\burl\(\s*["']?${URL_LITERAL}`, "g") },
];

function originOf(url: string): string | undefined {
  try {
    return new URL(url.startsWith("//") ? `https:${url}` : url).origin;
  } catch {
    return undefined;
  }
}

/** Every URL literal in `code` that the widget fetches or loads, in order of appearance. */
export function scanBundleUrls(code: string): FoundUrl[] {
  const found: Array<FoundUrl & { index: number }> = [];
  for (const { use, regex } of PATTERNS) {
    for (const match of code.matchAll(regex)) {
      const url = match[1] ?? "";
      const index = match.index ?? 0;
      const origin = url.startsWith("//") ? undefined : originOf(url);
      found.push({
        url,
        origin,
        use,
        index,
        context: code.slice(Math.max(0, index - 20), index + match[0].length + 10),
      });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ index: _index, ...rest }) => rest);
}

/** One origin the bundle reaches that the config does not allow, with why. */
export interface UndeclaredOrigin {
  found: FoundUrl;
  reason: string;
}

/**
 * Checks every statically visible URL against the declared lists: it must be https (or wss
 * for connections), absolute, and its origin declared for that use.
 */
export function findUndeclaredOrigins(
  code: string,
  declared: { connect: readonly string[]; resource: readonly string[] },
): UndeclaredOrigin[] {
  const problems: UndeclaredOrigin[] = [];
  for (const found of scanBundleUrls(code)) {
    if (found.url.startsWith("//")) {
      problems.push({
        found,
        reason: "protocol-relative URL; write https:// so the origin is explicit",
      });
    } else if (!found.origin || found.origin === "null") {
      problems.push({ found, reason: "unreadable URL origin" });
    } else if (found.origin.startsWith("http:") || found.origin.startsWith("ws:")) {
      problems.push({ found, reason: `non-https origin ${found.origin}` });
    } else if (!declared[found.use].includes(found.origin)) {
      const list = found.use === "connect" ? "domains.connect" : "domains.resource";
      problems.push({ found, reason: `origin ${found.origin} is not declared in ${list}` });
    }
  }
  return problems;
}
