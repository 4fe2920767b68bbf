/**
 * Storybook over an app's own Vite config: Storybook's Vite builder loads `vite.config.ts`
 * (keeping its plugins, setting its own `root` and `build`), so the widget build comes with
 * it — the single-file inlining breaks Storybook's multi-entry preview, and the outputs
 * plugin would write a widget manifest and check the contract lock in Storybook's build.
 * `storybookConfig()` is a created app's whole `.storybook/main.ts` (docs/testing.md,
 * "Storybook"); the kit's own Storybook takes its `viteFinal` too.
 */
import type { InlineConfig, PluginOption } from "vite";
import { WIDGET_KIT_PLUGIN_PREFIX } from "./plugin.ts";

/**
 * Whether a plugin must stay out of Storybook: the kit's widget build (every plugin whose name
 * starts with `mcp-widget-kit:`) and vite-plugin-singlefile itself, should it be used directly.
 */
function isWidgetBuildPlugin(name: string): boolean {
  return name.startsWith(WIDGET_KIT_PLUGIN_PREFIX) || name === "vite:singlefile";
}

/** `plugins` without the widget build's plugins; nested arrays and promises are flattened. */
async function withoutWidgetBuild(plugins: readonly PluginOption[]): Promise<PluginOption[]> {
  const kept: PluginOption[] = [];
  for (const option of await Promise.all(plugins)) {
    if (Array.isArray(option)) kept.push(...(await withoutWidgetBuild(option)));
    else if (option && !isWidgetBuildPlugin(option.name)) kept.push(option);
  }
  return kept;
}

/**
 * Storybook's Vite config with the app's widget build taken out (the kit's build plugins,
 * which apply to `vite build` and so to `storybook build`).
 */
async function storybookViteFinal<C extends InlineConfig>(config: C): Promise<C> {
  return { ...config, plugins: await withoutWidgetBuild(config.plugins ?? []) };
}

/**
 * The Storybook config of an app made with `create` (`.storybook/main.ts`'s default export):
 * React on Vite, the widget's stories, no telemetry, and a `viteFinal` that takes the widget
 * build out of the app's Vite config. Spread it and add to it for more (addons, a `viteFinal`
 * of your own that calls this one's first).
 *
 * @param options - `stories`: the story globs, relative to `.storybook/` (default: every
 *   `*.stories.ts` or `.tsx` file under `../widget/`).
 * @example
 * ```ts
 * // .storybook/main.ts
 * import { storybookConfig } from "mcp-widget-kit/build";
 * export default storybookConfig();
 * ```
 */
export function storybookConfig(options: { readonly stories?: readonly string[] } = {}): {
  /** Storybook's framework: React on Vite (`@storybook/react-vite`, a devDependency). */
  readonly framework: "@storybook/react-vite";
  /** The story files, relative to `.storybook/`. */
  readonly stories: string[];
  /** No telemetry, no what's-new notifications. */
  readonly core: { readonly disableTelemetry: true; readonly disableWhatsNewNotifications: true };
  /** The app's Vite config without the widget build. */
  viteFinal<C extends InlineConfig>(config: C): Promise<C>;
} {
  return {
    framework: "@storybook/react-vite",
    stories: [...(options.stories ?? ["../widget/**/*.stories.@(ts|tsx)"])],
    core: { disableTelemetry: true, disableWhatsNewNotifications: true },
    viteFinal: storybookViteFinal,
  };
}
