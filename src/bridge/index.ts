/** The framework-free host bridge: one `Host` interface, an adapter per host protocol. */
export type {
  AppInfo,
  CallToolResult,
  ContentBlock,
  DisplayMode,
  GlobalKey,
  Host,
  HostCapabilities,
  HostGlobals,
  HostView,
  SafeArea,
  Theme,
  UserAgent,
} from "./types.ts";
export { DEFAULT_GLOBALS, GLOBAL_KEYS, normalizeGlobal } from "./globals.ts";
export type { RawGlobals } from "./store.ts";
export { normalizeCallToolResult } from "./call-result.ts";
export { NO_CAPABILITIES } from "./capabilities.ts";
export { createNoHost } from "./no-host.ts";
export {
  createOpenAIHost,
  OPENAI_GLOBAL_KEYS,
  SET_GLOBALS_EVENT,
  type OpenAIGlobalsApi,
  type SetGlobalsEventDetail,
} from "./openai.ts";
export {
  createMcpAppsHost,
  MCP_APPS_PROTOCOL_VERSION,
  type McpAppsHost,
  type McpAppsHostOptions,
} from "./mcp-apps.ts";
export { WIDGET_STATE_KEY_PREFIX } from "./session-storage.ts";
export {
  detectHost,
  getDefaultHost,
  type DetectHostOptions,
  type DefaultHostOptions,
} from "./detect.ts";
