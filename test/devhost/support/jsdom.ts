/**
 * jsdom with the options these tests use (jsdom ships no types; the repo's minimal
 * declaration in bench/jsdom.d.ts knows only `pretendToBeVisual`).
 */
import { JSDOM as DeclaredJSDOM } from "jsdom";

/** The options the bootstrap tests pass. */
export interface JsdomOptions {
  runScripts?: "dangerously";
  url?: string;
  beforeParse?: (window: Window & typeof globalThis) => void;
}

/** A parsed document and its window. */
export interface Jsdom {
  readonly window: Window & typeof globalThis;
}

/** `new JSDOM(html, options)`, typed. */
export const JSDOM = DeclaredJSDOM as unknown as new (
  html: string,
  options?: JsdomOptions,
) => Jsdom;
