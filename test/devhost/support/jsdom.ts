/** jsdom with the few types these tests use (jsdom ships none and @types/jsdom is not installed). */
// @ts-expect-error -- no declaration file for "jsdom" in this install
import { JSDOM as UntypedJSDOM } from "jsdom";

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
export const JSDOM = UntypedJSDOM as new (html: string, options?: JsdomOptions) => Jsdom;
