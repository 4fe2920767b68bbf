/**
 * The Content-Security-Policy of a widget frame, built the way a strict host builds it: nothing
 * by default, every inline script and style allowed by its sha256 hash (never 'unsafe-inline',
 * never 'unsafe-eval'), and only the origins the resource declares in its `_meta`
 * (`ui.csp` camel case, or ChatGPT's `openai/widgetCSP` snake case). The `sandbox` directive
 * gives the document an opaque origin even when it is opened outside the page's iframe.
 */
import { buildCsp } from "../../build/csp.ts";
import { cspHash, inlineElements } from "../../build/inline-audit.ts";
import { isRecord } from "../../contract/is-record.ts";

export { cspHash };

/** The origins a widget resource declares, merged from both `_meta` shapes. */
export interface DeclaredOrigins {
  readonly connect: readonly string[];
  readonly resource: readonly string[];
  readonly frame: readonly string[];
  /** Entries that were dropped: not an https (or loopback http) origin, a wildcard, or not a string. */
  readonly rejected: readonly string[];
}

// https, or http on a loopback host: a server in local development serving its own files.
const ORIGIN =
  /^(?:https:\/\/[a-z0-9.-]+|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]))(:\d{1,5})?$/i;

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function collect(lists: unknown[], accepted: Set<string>, rejected: string[]): void {
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      // A trailing slash is harmless; anything else odd (a wildcard, a path, a quote that
      // would end the source list) is refused rather than repaired.
      const origin = typeof entry === "string" ? entry.replace(/\/$/, "") : "";
      if (ORIGIN.test(origin)) accepted.add(origin.toLowerCase());
      else rejected.push(typeof entry === "string" ? entry.slice(0, 100) : typeof entry);
    }
  }
}

/** Reads the declared origins from a resource's `_meta` (untrusted: anything may be there). */
export function declaredOrigins(meta: unknown): DeclaredOrigins {
  const root = record(meta);
  const ui = record(record(root.ui).csp);
  const openai = record(root["openai/widgetCSP"]);
  const connect = new Set<string>();
  const resource = new Set<string>();
  const frame = new Set<string>();
  const rejected: string[] = [];
  collect([ui.connectDomains, openai.connect_domains], connect, rejected);
  collect([ui.resourceDomains, openai.resource_domains], resource, rejected);
  collect([ui.frameDomains, openai.frame_domains], frame, rejected);
  return { connect: [...connect], resource: [...resource], frame: [...frame], rejected };
}

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
