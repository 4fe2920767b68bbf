/**
 * `mcp-widget-kit/build`: the Vite plugin an app's `vite.config.ts` adds, the widget config it
 * reads, the contract lock, and the app's Storybook config (Node only).
 *
 * Only what an app author uses: the checks behind the plugin (origins, inline audit, contract
 * diff) are the kit's own; its scripts and tests import them from their `src/build/*` files.
 * The manifest is a JSON file that `mcp-widget-kit/server` reads for the app, so its types
 * (`src/build/manifest.ts`, `src/core/widget-csp.ts`) are not exported either.
 * Types that live in another entry (`Contract`, `ContractJsonSchema`, `Language`,
 * `AppMessages`) are named by these signatures and imported from their home entry.
 */
export { widgetKit, type WidgetKitOptions } from "./plugin.ts";
export { defineWidgetConfig, type WidgetConfig, type WidgetDomains } from "./widget-config.ts";
export { writeContractLock } from "./contract-lock.ts";
export { storybookConfig } from "./storybook.ts";
