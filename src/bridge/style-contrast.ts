/**
 * Host colours never make the kit's text unreadable. The kit sets text on a background in a
 * few pairs of the MCP Apps standard names; a host may send a pair that fails WCAG AA (one
 * inspector sends the same red as danger text and danger background). Such a pair is dropped
 * whole, so both of its tokens fall back to the kit's own, which pass AA in both themes. Only
 * colours written as hex (`#rgb`, `#rrggbb`) or `rgb()` are judged; any other form is kept as
 * the host sent it. Written for bytes: the widget ships it inline.
 */

/** The [text, background] pairs the kit's styles draw (src/styles/tokens.css), as name tails. */
const PAIRS =
  /* @__PURE__ */ "text-primary background-primary text-secondary background-primary text-danger background-danger text-inverse background-info".split(
    " ",
  );

/** Relative luminance (WCAG 2) of a hex or `rgb()` colour; NaN for any other form. */
function luminance(css: string): number {
  const m =
    /^(?:#(\w\w)(\w\w)(\w\w)|rgba?\((\d+)[\s,]+(\d+)[\s,]+(\d+)\))$/i.exec(
      css.trim().replace(/^#(\w)(\w)(\w)$/, "#$1$1$2$2$3$3"),
    ) ?? [];
  const [r, g, b] = (
    m[1] ? m.slice(1, 4).map((h) => parseInt(h!, 16)) : m.slice(4).map(Number)
  ).map((c) =>
    (c = Math.min(c, 255) / 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two colours; NaN when either is not one the kit can read. */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** `variables` without the pairs that fail AA (mutated in place: the caller's own copy). */
export function dropUnreadablePairs(variables: Record<string, string>): Record<string, string> {
  for (let i = 0; i < PAIRS.length; i += 2) {
    const text = `--color-${PAIRS[i]}`;
    const background = `--color-${PAIRS[i + 1]}`;
    // Unread colours (NaN) and a lone half of a pair compare false: kept as sent.
    if (contrastRatio(variables[text] ?? "", variables[background] ?? "") < 4.5) {
      delete variables[text];
      delete variables[background];
    }
  }
  return variables;
}
