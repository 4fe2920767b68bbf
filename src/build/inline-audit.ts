/**
 * Reads the final widget HTML for anything that would make it depend on another file or
 * origin. Its inline elements and their CSP hashes are in core/inline-elements.ts, which the
 * dev host reads too.
 */
import { INLINE_ELEMENT, inlineElements } from "../core/inline-elements.ts";

function excerpt(text: string, index: number, length: number): string {
  return text.slice(index, index + Math.min(length, 120)).replace(/\s+/g, " ");
}

/**
 * Everything that keeps `html` from being one self-contained file: external scripts,
 * stylesheets, preloads, fonts, CSS `@import`, Vite's module-preload polyfill, a missing
 * `<meta charset="utf-8">`. Each entry names the culprit.
 */
export function selfContainedProblems(html: string): string[] {
  const problems: string[] = [];
  // Tags inside inline code are strings of the bundle (React names <link> in messages), not markup.
  const markup = html.replace(
    INLINE_ELEMENT,
    (_all, tag: string, attributes: string) => `<${tag}${attributes}></${tag}>`,
  );
  if (!/<meta\s+charset=["']?utf-8["']?\s*\/?>/i.test(markup))
    problems.push('missing <meta charset="utf-8">');
  for (const m of markup.matchAll(/<script\b[^>]*\bsrc\s*=[^>]*>/gi))
    problems.push(`external script: ${excerpt(markup, m.index ?? 0, m[0].length)}`);
  for (const m of markup.matchAll(/<link\b[^>]*>/gi)) {
    if (
      /\brel\s*=\s*["']?(?:stylesheet|modulepreload|preload|prefetch|preconnect|dns-prefetch|import|manifest|icon)/i.test(
        m[0],
      )
    ) {
      problems.push(`external link: ${excerpt(markup, m.index ?? 0, m[0].length)}`);
    }
  }
  for (const element of inlineElements(html)) {
    if (element.tag === "style") {
      for (const m of element.content.matchAll(/@import\b[^;]*/gi))
        problems.push(`CSS @import: ${excerpt(element.content, m.index ?? 0, m[0].length)}`);
      for (const m of element.content.matchAll(
        /@font-face\s*\{[^}]*url\(\s*["']?(?!data:)[^)]*\)/gi,
      )) {
        problems.push(`external font: ${excerpt(element.content, m.index ?? 0, m[0].length)}`);
      }
    } else {
      if (/__vitePreload|supports\(\s*["']modulepreload/.test(element.content))
        problems.push("Vite's module-preload polyfill or loader is still in the bundle");
      for (const m of element.content.matchAll(
        /\b(?:import|importScripts|Worker|SharedWorker)\s*\(\s*["'\x60](?:https?:)?\/\/[^"'\x60]*/g,
      )) {
        problems.push(`remote script: ${excerpt(element.content, m.index ?? 0, m[0].length)}`);
      }
    }
  }
  return problems;
}
