/** The framework-free host bridge: one `Host` interface, an adapter per host protocol. */
export type * from "./types.ts";
export { DEFAULT_GLOBALS, GLOBAL_KEYS, normalizeGlobal } from "./globals.ts";
export { normalizeCallToolResult } from "./call-result.ts";
export { NO_CAPABILITIES } from "./capabilities.ts";
export { createNoHost } from "./no-host.ts";
export { createOpenAIHost, SET_GLOBALS_EVENT, type OpenAIGlobalsApi, type SetGlobalsEventDetail } from "./openai.ts";
export { detectHost, getDefaultHost, type DetectHostOptions } from "./detect.ts";
