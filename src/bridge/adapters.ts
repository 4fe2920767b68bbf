/**
 * The host adapters a widget ships. The build plugin replaces this module when an app
 * declares its hosts (`widgetKit({ hosts: ["openai"] })`), so an undeclared adapter never
 * reaches the bundle; detection skips a missing one.
 */
import { createMcpAppsHost } from "./mcp-apps.ts";
import { createOpenAIHost } from "./openai.ts";

/** The adapters detection may use; a build limited to some hosts leaves the others out. */
export const hostAdapters: {
  readonly openai?: typeof createOpenAIHost;
  readonly mcpApps?: typeof createMcpAppsHost;
} = { openai: createOpenAIHost, mcpApps: createMcpAppsHost };
