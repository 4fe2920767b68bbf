/**
 * mcp-widget-kit, widget side: the contract (parser and types, without the JSON Schema
 * converter), host hooks, components and i18n. Server, build and testing helpers have their
 * own entries so they never reach the widget bundle.
 */
// First on purpose: modules run (and are bundled) in import order, and this one pulls in
// react-dom. With react-dom ahead of the kit the gzipped widget is 1.6 kB smaller than with
// react-dom between the kit's catalogs and components (measured with npm run bench).
export { mountWidget, type MountWidgetOptions } from "./components/mount-widget.tsx";
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
export * from "./write/index.ts";
export * from "./components/index.ts";
export * from "./i18n/index.ts";
