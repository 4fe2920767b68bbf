/**
 * The Content-Security-Policy of a widget frame, built the way a strict host builds it: nothing
 * by default, every inline script and style allowed by its sha256 hash (never 'unsafe-inline',
 * never 'unsafe-eval'), and only the origins the resource declares in its `_meta`
 * (`ui.csp` camel case, or ChatGPT's `openai/widgetCSP` snake case). The `sandbox` directive
 * gives the document an opaque origin even when it is opened outside the page's iframe.
 */
import { buildCsp, type DeclaredOrigins } from "../../core/widget-csp.ts";
import { cspHash, inlineElements } from "../../core/inline-elements.ts";

export { cspHash };
export { declaredOrigins, type DeclaredOrigins } from "../../core/widget-csp.ts";

/** Inline `<script>` (without `src`) and `<style>` texts of a document, exactly as written. */
export function inlineTexts(html: string): { scripts: string[]; styles: string[] } {
  const elements = inlineElements(html);
  return {
    scripts: elements
      .filter((e) => e.tag === "script" && !/\bsrc\s*=/i.test(e.attributes))
      .map((e) => e.content),
    styles: elements.filter((e) => e.tag === "style").map((e) => e.content),
  };
}

/**
 * The CSP header value for a frame document with these declared origins: the build's policy
 * (so the page tests a widget under the policy it was built for), plus what a host adds —
 * scripts and styles from the declared resource origins, and `sandbox allow-scripts`.
 */
export function frameCsp(html: string, origins: DeclaredOrigins): string {
  const { scripts, styles } = inlineTexts(html);
  const policy = buildCsp({
    scriptHashes: [...scripts.map(cspHash), ...origins.resource],
    styleHashes: [...styles.map(cspHash), ...origins.resource],
    connect: origins.connect,
    resource: origins.resource,
    frame: origins.frame,
  });
  return `${policy}; sandbox allow-scripts`;
}
