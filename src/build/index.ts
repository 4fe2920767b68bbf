/**
 * `mcp-widget-kit/build`: the Vite plugin an app's `vite.config.ts` adds, the widget config it
 * reads, the manifest it writes, and the contract lock (Node only).
 *
 * Only what an app author uses: the checks behind the plugin (origins, inline audit, contract
 * diff) are the kit's own; its scripts and tests import them from their `src/build/*` files.
 * Types that live in another entry (`Contract`, `ContractJsonSchema`, `Language`,
 * `AppMessages`) are named by these signatures and imported from their home entry.
 */
export { widgetKit, WIDGET_KIT_PLUGIN_PREFIX, type WidgetKitOptions } from "./plugin.ts";
export type { HostProtocol } from "./declared-parts.ts";
export {
  defineWidgetConfig,
  type WidgetConfig,
  type WidgetConfigBase,
  type WidgetDomains,
} from "./widget-config.ts";
export type { WidgetManifest, WidgetResourceMeta } from "./manifest.ts";
export type { McpAppsWidgetCsp, OpenAiWidgetCsp } from "../core/widget-csp.ts";
export { writeContractLock } from "./contract-lock.ts";
