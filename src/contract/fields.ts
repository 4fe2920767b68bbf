/**
 * Field builders for contract schemas. Each one describes the wire type (what JSON Schema
 * says) and the widget's tolerance (what `parse` forgives) in one place, so the two can't
 * drift apart.
 */
import * as v from "valibot";
import { clipText, DEFAULT_MAX_TEXT, isHttpsOrLoopbackUrl, isHttpsUrl } from "./text.ts";

/** Untrusted display text: any string, shortened to `max` code points for display. */
export function text(max: number = DEFAULT_MAX_TEXT) {
  return v.pipe(
    v.string(),
    v.transform((value: string) => clipText(value, max)),
  );
}

/** An identifier passed back to tools: a non-empty string, never shortened. */
export function id() {
  return v.pipe(v.string(), v.minLength(1), v.maxLength(512));
}

/**
 * An optional `https:` URL. Any other value (`javascript:`, `http:`, a number) is removed and
 * the object that held it is kept.
 */
export function httpsUrl() {
  return v.fallback(v.optional(v.pipe(v.string(), v.check(isHttpsUrlCheck))), undefined);
}

/**
 * The check behind `httpsUrl()`. Exported so the JSON Schema converter can recognise it and
 * say `pattern: "^https://"` — no `format: "uri"`, which strict validators without a format
 * plugin refuse (the check itself requires the `https://` prefix, so no separate
 * `startsWith` action needs to ship in the widget).
 */
export function isHttpsUrlCheck(value: string): boolean {
  return isHttpsUrl(value);
}

/**
 * An optional URL of a resource the widget loads from its server (an image): `https:`, or
 * `http:` on a loopback host so a server in local development can serve its own files.
 * Anything else is removed and its object kept, as with `httpsUrl()`. Links a person opens
 * (`openExternal`) stay `httpsUrl()`.
 */
export function resourceUrl() {
  return v.fallback(v.optional(v.pipe(v.string(), v.check(isResourceUrlCheck))), undefined);
}

/** The check behind `resourceUrl()`; exported for the JSON Schema converter, like `isHttpsUrlCheck`. */
export function isResourceUrlCheck(value: string): boolean {
  return isHttpsOrLoopbackUrl(value);
}

/** An optional field that is dropped (not fatal) when it has the wrong shape. */
export function tolerant<S extends v.GenericSchema>(schema: S) {
  return v.fallback(v.optional(schema), undefined);
}

/** A list of short display strings; a wrong value drops the list, never its owner. */
export function textList(maxItems = 50, maxText = 60) {
  return tolerant(
    v.pipe(
      v.array(text(maxText)),
      v.transform((items: string[]) => items.slice(0, maxItems)),
    ),
  );
}

/** An ISO 8601 date-time with a zone, e.g. `2031-01-01T00:00:00Z`. */
export function isoDateTime() {
  return v.pipe(v.string(), v.isoTimestamp());
}
