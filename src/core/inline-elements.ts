/**
 * The widget HTML's inline `<script>` and `<style>` elements, each with the CSP hash that
 * allows exactly it: the build puts those hashes in the CSP it tests under, and the dev host
 * computes the same CSP for the page it frames.
 */
import { createHash } from "node:crypto";

/** One inline element, with the CSP source expression that allows exactly it. */
export interface InlineElement {
  tag: "script" | "style";
  attributes: string;
  content: string;
  /** `'sha256-…'`, base64 of the SHA-256 of the element's text, as CSP expects it. */
  hash: string;
}

/** An inline `<script>` or `<style>` element: tag, attributes, text. */
export const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;

/** The CSP hash source of an inline element's text. */
export function cspHash(content: string): string {
  return `'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`;
}

/** Every `<script>` and `<style>` element of `html`, in document order. */
export function inlineElements(html: string): InlineElement[] {
  const elements: InlineElement[] = [];
  for (const match of html.matchAll(INLINE_ELEMENT)) {
    const tag = (match[1] ?? "").toLowerCase() as "script" | "style";
    const content = match[3] ?? "";
    elements.push({ tag, attributes: match[2] ?? "", content, hash: cspHash(content) });
  }
  return elements;
}
