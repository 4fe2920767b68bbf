/**
 * The widget's CSP, in the one place that knows its three forms: the two `_meta` shapes a
 * resource declares its origins in — ChatGPT's `openai/widgetCSP` (snake case) and MCP Apps'
 * `ui.csp` (camel case) — and the Content-Security-Policy header the widget is tested under
 * (nothing by default, its own inline script and style by hash, never 'unsafe-inline' or
 * 'unsafe-eval', and the declared origins for what each is declared for). The build writes
 * them, the server adds deployment origins to them, the dev host reads them back.
 */
import { isRecord } from "./is-record.ts";
import { LOOPBACK_NAME_PATTERN, PORT_PATTERN } from "./loopback.ts";

/** ChatGPT's resource `_meta["openai/widgetCSP"]` (snake case). */
export interface OpenAiWidgetCsp {
  /** Origins for fetch, XHR and WebSocket. */
  connect_domains: string[];
  /** Origins for images, fonts and media. */
  resource_domains: string[];
  /** Origins of nested iframes; absent when none. */
  frame_domains?: string[];
  /** Origins `openExternal` may open without a confirmation; absent when none. */
  redirect_domains?: string[];
}

/** MCP Apps' resource `_meta.ui.csp` (camel case). */
export interface McpAppsWidgetCsp {
  /** Origins for fetch, XHR and WebSocket. */
  connectDomains: string[];
  /** Origins for images, fonts and media. */
  resourceDomains: string[];
  /** Origins of nested iframes; absent when none. */
  frameDomains?: string[];
}

/** The origins a widget declares, by what they are for. */
export interface CspDomains {
  readonly connect?: readonly string[];
  readonly resource?: readonly string[];
  readonly frame?: readonly string[];
  /** ChatGPT only: where `openExternal` may go without a confirmation. */
  readonly redirect?: readonly string[];
}

/** Both `_meta` shapes for `domains`; optional keys appear only when declared. */
export function cspMeta(domains: CspDomains): {
  openai: OpenAiWidgetCsp;
  mcpApps: McpAppsWidgetCsp;
} {
  const { connect = [], resource = [], frame, redirect } = domains;
  const openai: OpenAiWidgetCsp = {
    connect_domains: [...connect],
    resource_domains: [...resource],
  };
  if (frame?.length) openai.frame_domains = [...frame];
  if (redirect?.length) openai.redirect_domains = [...redirect];
  const mcpApps: McpAppsWidgetCsp = {
    connectDomains: [...connect],
    resourceDomains: [...resource],
  };
  if (frame?.length) mcpApps.frameDomains = [...frame];
  return { openai, mcpApps };
}

function withEntries(list: unknown, entries: readonly string[]): unknown[] {
  const items: unknown[] = Array.isArray(list) ? [...list] : [];
  for (const entry of entries) if (!items.includes(entry)) items.push(entry);
  return items;
}

/**
 * A resource `_meta` with `origins` added to the resource domains of both CSP shapes
 * (`openai/widgetCSP.resource_domains`, `ui.csp.resourceDomains`): origins only the deployment
 * knows, such as where it serves pictures. Everything else is kept as it is.
 */
export function withResourceOrigins(
  meta: { readonly [key: string]: unknown },
  origins: readonly string[],
): { readonly [key: string]: unknown } {
  if (origins.length === 0) return meta;
  const openai = isRecord(meta["openai/widgetCSP"]) ? meta["openai/widgetCSP"] : {};
  const ui = isRecord(meta.ui) ? meta.ui : {};
  const csp = isRecord(ui.csp) ? ui.csp : {};
  return {
    ...meta,
    "openai/widgetCSP": {
      ...openai,
      resource_domains: withEntries(openai.resource_domains, origins),
    },
    ui: { ...ui, csp: { ...csp, resourceDomains: withEntries(csp.resourceDomains, origins) } },
  };
}

/** The origins a widget resource declares, merged from both `_meta` shapes. */
export interface DeclaredOrigins {
  readonly connect: readonly string[];
  readonly resource: readonly string[];
  readonly frame: readonly string[];
  /** Entries that were dropped: not an https (or loopback http) origin, a wildcard, or not a string. */
  readonly rejected: readonly string[];
}

// https, or http on a loopback host: a server in local development serving its own files.
const ORIGIN = new RegExp(
  `^(?:https://[a-z0-9.-]+|http://(?:${LOOPBACK_NAME_PATTERN}))${PORT_PATTERN}$`,
  "i",
);

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

/** Reads the declared origins back from a resource's `_meta` (untrusted: anything may be there). */
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
