/**
 * widget-kit, widget side: the contract (parser and types, without the JSON Schema
 * converter), host hooks, components and i18n. Server, build and testing helpers have their
 * own entries so they never reach the widget bundle.
 */
export * from "./contract/index.ts";
export type * from "./bridge/types.ts";
export {
  detectHost,
  getDefaultHost,
  type DetectHostOptions,
  type DefaultHostOptions,
} from "./bridge/detect.ts";
export { createMcpAppsHost, type McpAppsHost, type McpAppsHostOptions } from "./bridge/mcp-apps.ts";
export { createOpenAIHost } from "./bridge/openai.ts";
export { createNoHost } from "./bridge/no-host.ts";
export * from "./hooks/index.ts";
export * from "./components/index.ts";
export * from "./i18n/index.ts";
