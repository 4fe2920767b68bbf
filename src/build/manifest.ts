/**
 * `widget.manifest.json`: what a server needs to register the widget, including the exact
 * `_meta` object it puts on the resource contents (ChatGPT keys and MCP Apps `ui` keys).
 */
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { WidgetConfigBase } from "./widget-config.ts";
import { cspMeta, type McpAppsWidgetCsp, type OpenAiWidgetCsp } from "../core/widget-csp.ts";

/** The `_meta` object a server puts on the widget's resource contents. */
export interface WidgetResourceMeta {
  /** ChatGPT's CSP: the origins the widget may reach, per kind of request. */
  "openai/widgetCSP": OpenAiWidgetCsp;
  /** ChatGPT's dedicated widget origin (the config's `domain`); absent when unset. */
  "openai/widgetDomain"?: string;
  /** Whether ChatGPT draws a border around the widget (the config's `prefersBorder`). */
  "openai/widgetPrefersBorder": boolean;
  /** What the widget shows, for the model (the config's `description`). */
  "openai/widgetDescription": string;
  /** The MCP Apps keys: the same CSP in camel case, border and domain (`uiDomain`). */
  ui: {
    csp: McpAppsWidgetCsp;
    prefersBorder: boolean;
    domain?: string;
  };
}

/** The contents of `widget.manifest.json`. */
export interface WidgetManifest {
  /** The config's `name` (lower-case letters, digits and `-`). */
  name: string;
  /** The HTML file next to the manifest. */
  file: string;
  /** `ui://widget/<name>-<first 8 hex of sha256>.html`: every build is a new template. */
  uri: string;
  /** ChatGPT's MIME type; serve a `text/html;profile=mcp-app` twin for MCP Apps hosts. */
  mimeType: "text/html+skybridge";
  /** Hex SHA-256 of the HTML file: what the server checks the file it serves against. */
  sha256: string;
  /** Size of the HTML file in bytes. */
  bytes: number;
  /** Its gzip size in bytes (what a person downloads). */
  gzip_bytes: number;
  /** The contract version the widget was built against (`defineContract({ version })`). */
  contract_version: string;
  /** The CSP the widget was tested under. */
  csp: string;
  /** The `_meta` object to put on the resource contents, as is. */
  _meta: WidgetResourceMeta;
}

const NAME_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** Throws when `name` cannot be used in a `ui://` URI. */
export function assertWidgetName(name: string): void {
  if (!NAME_PATTERN.test(name))
    throw new Error(`widget name "${name}" must match ${NAME_PATTERN} (it goes in the ui:// URI)`);
}

/** The resource `_meta` for `config`: optional keys appear only when declared. */
export function resourceMeta(config: WidgetConfigBase): WidgetResourceMeta {
  const { openai, mcpApps } = cspMeta(config.domains);
  return {
    "openai/widgetCSP": openai,
    ...(config.domain ? { "openai/widgetDomain": config.domain } : {}),
    "openai/widgetPrefersBorder": config.prefersBorder,
    "openai/widgetDescription": config.description,
    ui: {
      csp: mcpApps,
      prefersBorder: config.prefersBorder,
      // ChatGPT reads the MCP Apps key now and requires it for review: the app's own origin
      // unless a host-specific sandbox domain is given.
      ...((config.uiDomain ?? config.domain) ? { domain: config.uiDomain ?? config.domain } : {}),
    },
  };
}

/** The manifest of a built widget HTML. */
export function buildManifest(options: {
  config: WidgetConfigBase & { contract: { version: string } };
  html: string;
  file: string;
  csp: string;
}): WidgetManifest {
  const { config, html, file, csp } = options;
  assertWidgetName(config.name);
  const bytes = Buffer.from(html, "utf8");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return {
    name: config.name,
    file,
    uri: `ui://widget/${config.name}-${sha256.slice(0, 8)}.html`,
    mimeType: "text/html+skybridge",
    sha256,
    bytes: bytes.length,
    gzip_bytes: gzipSync(bytes, { level: 9 }).length,
    contract_version: config.contract.version,
    csp,
    _meta: resourceMeta(config),
  };
}
