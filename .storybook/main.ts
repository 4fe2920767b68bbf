/**
 * Storybook for mcp-widget-kit: every component in every state, every recorded tool output, and
 * the docs pages. Stories run in the dev server, in the static build (`storybook-static/`),
 * and as tests in Chromium through `@storybook/addon-vitest` (see vitest.storybook.config.ts).
 */
import type { StorybookConfig } from "@storybook/react-vite";
import type { AliasOptions, Alias } from "vite";
import { storybookConfig } from "mcp-widget-kit/build";
import { kitAliases } from "../scripts/kit-aliases.ts";
import { fixtureStoriesIndexer, withFixtureStories } from "./fixture-stories.ts";

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
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // `*.fixtures.stories.tsx` files get one story per JSON file they point at (see fixture-stories.ts).
  experimental_indexers: async (existing) => [fixtureStoriesIndexer, ...(existing ?? [])],
  // The root vite.config.ts's widget build out first, as in an app made with `create`.
  async viteFinal(appConfig) {
    const viteConfig = withFixtureStories(await storybookConfig().viteFinal(appConfig));
    return {
      ...viteConfig,
      resolve: {
        ...viteConfig.resolve,
        alias: [...aliasList(viteConfig.resolve?.alias), ...kitAliases()],
      },
    };
  },
};

export default config;
