/**
 * `npm run storybook`: GiftGenius' stories (stories/) in Storybook, over vite.config.ts with
 * the widget build taken out — the kit's `storybookConfig()`, as a created app has it, plus the
 * story-test addon (`npm run test:stories`), the app's pictures at /images/, and one story per
 * recorded tool output (`*.fixtures.stories.tsx`, expanded by the kit repository's
 * .storybook/fixture-stories.ts: a new recording gets a story without editing a story file).
 */
import type { StorybookConfig } from "@storybook/react-vite";
import { storybookConfig } from "mcp-widget-kit/build";
import { fixtureStoriesIndexer, withFixtureStories } from "../../../.storybook/fixture-stories.ts";

const kit = storybookConfig({ stories: ["../stories/**/*.stories.@(ts|tsx)"] });

const config: StorybookConfig = {
  ...kit,
  framework: { name: kit.framework, options: {} },
  addons: ["@storybook/addon-vitest"],
  // The GiftGenius pictures (public/images), served at /images/ as the app's server does.
  staticDirs: ["../public"],
  experimental_indexers: async (existing) => [fixtureStoriesIndexer, ...(existing ?? [])],
  viteFinal: async (appConfig) => withFixtureStories(await kit.viteFinal(appConfig)),
};

export default config;
