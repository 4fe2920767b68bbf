/**
 * Storybook for mcp-widget-kit: every component in every state, every recorded tool output, and
 * the docs pages. Stories run in the dev server, in the static build (`storybook-static/`),
 * and as tests in Chromium through `@storybook/addon-vitest` (see vitest.storybook.config.ts).
 */
import type { StorybookConfig } from "@storybook/react-vite";
import type { AliasOptions, Alias, PluginOption } from "vite";
import { WIDGET_KIT_PLUGIN_PREFIX } from "mcp-widget-kit/build";
import { kitAliases } from "../scripts/kit-aliases.ts";
import { fixtureStoriesIndexer, fixtureStoriesPlugin, fixtureRoots } from "./fixture-stories.ts";

/**
 * Whether a plugin of the root vite.config.ts must stay out of Storybook: the kit's widget
 * build (`mcp-widget-kit:single-file` inlines every chunk into one HTML page, which breaks
 * Storybook's multi-entry preview; `mcp-widget-kit:outputs` writes the widget manifest and checks
 * the contract lock) and vite-plugin-singlefile itself, should it be used directly.
 * Matched by plugin `name`.
 */
export function isWidgetBuildPlugin(name: string): boolean {
  return name.startsWith(WIDGET_KIT_PLUGIN_PREFIX) || name === "vite:singlefile";
}

/** `plugins` without the widget build's plugins; nested arrays and promises are flattened. */
export async function withoutWidgetBuild(
  plugins: readonly PluginOption[],
): Promise<PluginOption[]> {
  const kept: PluginOption[] = [];
  for (const option of await Promise.all(plugins)) {
    if (Array.isArray(option)) kept.push(...(await withoutWidgetBuild(option)));
    else if (option && !isWidgetBuildPlugin(option.name)) kept.push(option);
  }
  return kept;
}

/** Vite's `resolve.alias` in its array form (it may be given as an object). */
function aliasList(alias: AliasOptions | undefined): Alias[] {
  if (!alias) return [];
  if (Array.isArray(alias)) return [...(alias as readonly Alias[])];
  return Object.entries(alias).map(([find, replacement]) => ({ find, replacement }));
}

const config: StorybookConfig = {
  framework: { name: "@storybook/react-vite", options: {} },
  stories: ["../stories/**/*.mdx", "../stories/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  // The GiftGenius pictures (its public/images), served at /images/ as the app's server does.
  staticDirs: ["../examples/giftgenius/public"],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // `*.fixtures.stories.tsx` files get one story per JSON file they point at (see fixture-stories.ts).
  experimental_indexers: async (existing) => [fixtureStoriesIndexer, ...(existing ?? [])],
  async viteFinal(viteConfig) {
    const plugins = await withoutWidgetBuild(viteConfig.plugins ?? []);
    return {
      ...viteConfig,
      plugins: [fixtureStoriesPlugin(), ...plugins],
      resolve: {
        ...viteConfig.resolve,
        alias: [...aliasList(viteConfig.resolve?.alias), ...kitAliases()],
      },
      server: {
        ...viteConfig.server,
        // node_modules may be a link outside the workspace; the dev server may read it.
        fs: {
          ...viteConfig.server?.fs,
          allow: [...(viteConfig.server?.fs?.allow ?? []), ...fixtureRoots()],
        },
      },
    };
  },
};

export default config;
