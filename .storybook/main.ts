/**
 * Storybook for mcp-widget-kit: every component in every state, every recorded tool output, and
 * the docs pages. Stories run in the dev server, in the static build (`storybook-static/`),
 * and as tests in Chromium through `@storybook/addon-vitest` (see vitest.storybook.config.ts).
 */
import type { StorybookConfig } from "@storybook/react-vite";
import type { AliasOptions, Alias } from "vite";
import { storybookConfig } from "mcp-widget-kit/build";
import { kitAliases } from "../scripts/kit-aliases.ts";
import { fixtureStoriesIndexer, fixtureStoriesPlugin, fixtureRoots } from "./fixture-stories.ts";

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
  // The root vite.config.ts's widget build out first, as in an app made with `create`.
  async viteFinal(appConfig) {
    const viteConfig = await storybookConfig().viteFinal(appConfig);
    return {
      ...viteConfig,
      plugins: [fixtureStoriesPlugin(), ...(viteConfig.plugins ?? [])],
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
