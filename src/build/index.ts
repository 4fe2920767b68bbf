/** `mcp-widget-kit/build`: the Vite plugin and the checks behind it (Node only). */
export { widgetKit, WIDGET_KIT_PLUGIN_PREFIX, type WidgetKitOptions } from "./plugin.ts";
export { KIT_LOCALES, HOST_PROTOCOLS, type HostProtocol } from "./declared-parts.ts";
export {
  defineWidgetConfig,
  type WidgetConfig,
  type WidgetConfigBase,
  type WidgetDomains,
} from "./widget-config.ts";
export {
  buildManifest,
  resourceMeta,
  type WidgetManifest,
  type WidgetResourceMeta,
} from "./manifest.ts";
export { MCP_APP_MIME_TYPE } from "../core/mcp-app-mime-type.ts";
export {
  buildCsp,
  cspMeta,
  declaredOrigins,
  withResourceOrigins,
  type CspInputs,
  type CspDomains,
  type DeclaredOrigins,
  type McpAppsWidgetCsp,
  type OpenAiWidgetCsp,
} from "../core/widget-csp.ts";
export { inlineElements, cspHash, type InlineElement } from "../core/inline-elements.ts";
export { selfContainedProblems } from "./inline-audit.ts";
export { checkDeclaredOrigins, originProblem, type OriginProblem } from "./origins.ts";
export {
  scanBundleUrls,
  findUndeclaredOrigins,
  type FoundUrl,
  type OriginUse,
  type UndeclaredOrigin,
} from "./scan-origins.ts";
export { diffContractSchemas, type ContractChange, type ChangeSeverity } from "./contract-diff.ts";
export { checkContract, type ContractCheckResult } from "./contract-check.ts";
export { readContractLock, writeContractLock, serializeContract } from "./contract-lock.ts";
export {
  contractJsonSchema,
  kindJsonSchema,
  type ContractJsonSchema,
  type JsonSchema,
} from "../contract/json-schema.ts";
export type { Contract } from "../contract/define-contract.ts";
export type { ContractVersion } from "../contract/version.ts";
export type { KindData, KindDefinition, ListKind, RecordKind } from "../contract/kinds.ts";
export {
  FieldErrorSchema,
  MoneySchema,
  ToolErrorSchema,
  type FieldError,
  type Money,
  type ToolError,
} from "../contract/schemas.ts";
export type {
  ParsedResult,
  KindView,
  ResultsView,
  EmptyView,
  RecordView,
  ErrorView,
  InvalidView,
  UnsupportedView,
  ViewBase,
} from "../contract/views.ts";
export { RECORD_STATES, type RecordState } from "../contract/states.ts";
export type { Language } from "../i18n/locale.ts";
export type { AppMessages } from "../i18n/app-messages.ts";
