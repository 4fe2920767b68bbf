/**
 * `npm run storybook`: the widget's stories (widget/*.stories.tsx) in Storybook, over
 * vite.config.ts with the widget build taken out — the kit's config, to spread and add to.
 */
import { storybookConfig } from "mcp-widget-kit/build";

export default storybookConfig();
