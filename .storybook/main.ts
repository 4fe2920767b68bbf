/**
 * Storybook for widget-kit: every component in every state, every recorded tool output, and
 * the docs pages. Stories run in the dev server, in the static build (`storybook-static/`),
 * and as tests in Chromium through `@storybook/addon-vitest` (see vitest.storybook.config.ts).
 */
import type { StorybookConfig } from "@storybook/react-vite";
import { withoutVitePlugins } from "@storybook/builder-vite";
import { fixtureStoriesIndexer, fixtureStoriesPlugin, fixtureRoots } from "./fixture-stories.ts";

/**
 * Plugins of the root vite.config.ts that must not reach Storybook: the single-file build
 * inlines every chunk into one HTML page, which breaks Storybook's multi-entry preview.
 * Matched by plugin `name`: the kit's wrapper and vite-plugin-singlefile's own.
 */
export const EXCLUDED_VITE_PLUGINS = ["widget-kit:single-file", "widget-kit:build", "vite:singlefile"];

const config: StorybookConfig = {
  framework: { name: "@storybook/react-vite", options: {} },
  stories: ["../stories/**/*.mdx", "../stories/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-docs", "@storybook/addon-a11y", "@storybook/addon-vitest"],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // `*.fixtures.stories.tsx` files get one story per JSON file they point at (see fixture-stories.ts).
  experimental_indexers: async (existing) => [fixtureStoriesIndexer, ...(existing ?? [])],
  async viteFinal(viteConfig) {
    const plugins = await withoutVitePlugins(viteConfig.plugins ?? [], EXCLUDED_VITE_PLUGINS);
    return {
      ...viteConfig,
      plugins: [fixtureStoriesPlugin(), ...plugins],
      server: {
        ...viteConfig.server,
        // The shared sample payloads live beside the repository; the dev server may read them.
        fs: { ...viteConfig.server?.fs, allow: [...(viteConfig.server?.fs?.allow ?? []), ...fixtureRoots()] },
      },
    };
  },
};

export default config;
