/**
 * The Content-Security-Policy a widget is tested under: nothing by default, its own inline
 * script and style by hash (never 'unsafe-inline', never 'unsafe-eval'), and the declared
 * origins for what each is declared for.
 */

/** Inputs of {@link buildCsp}. */
export interface CspInputs {
  scriptHashes: readonly string[];
  styleHashes: readonly string[];
  connect: readonly string[];
  resource: readonly string[];
  frame: readonly string[];
}

function sources(list: readonly string[]): string {
  return list.length ? [...new Set(list)].join(" ") : "'none'";
}

/** The CSP header value for a widget with these inline hashes and declared origins. */
export function buildCsp(inputs: CspInputs): string {
  return [
    "default-src 'none'",
    `script-src ${sources(inputs.scriptHashes)}`,
    `style-src ${sources(inputs.styleHashes)}`,
    `img-src ${sources(inputs.resource)}`,
    `font-src ${sources(inputs.resource)}`,
    `media-src ${sources(inputs.resource)}`,
    `connect-src ${sources(inputs.connect)}`,
    `frame-src ${sources(inputs.frame)}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join("; ");
}
