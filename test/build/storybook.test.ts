/**
 * `storybookConfig()`: an app's whole `.storybook/main.ts` — its widget's stories on React and
 * Vite — whose `viteFinal` keeps the app's own Vite plugins and drops the widget build's (all
 * of `widgetKit()`, nested or awaited, and vite-plugin-singlefile), so `storybook build`
 * builds stories, not the widget page.
 */
import type { Plugin } from "vite";
import { describe, expect, it } from "vitest";
import { storybookConfig, widgetKit } from "../../src/build/index.ts";
import { shop } from "../support/shop-contract.ts";

const named = (name: string): Plugin => ({ name });
const config = {
  name: "fixture",
  description: "Fixture widget",
  prefersBorder: false,
  domain: "https://fixture.example",
  domains: { resource: [], connect: [], redirect: [] },
  contract: shop,
};

const { viteFinal } = storybookConfig();

describe("storybookConfig", () => {
  it("finds the widget's stories on React and Vite, or the globs given", () => {
    expect(storybookConfig()).toMatchObject({
      framework: "@storybook/react-vite",
      stories: ["../widget/**/*.stories.@(ts|tsx)"],
    });
    expect(storybookConfig({ stories: ["../src/**/*.stories.tsx"] }).stories).toEqual([
      "../src/**/*.stories.tsx",
    ]);
  });

  it("drops the widget build's plugins and keeps the app's, in order", async () => {
    const final = await viteFinal({
      root: "/app",
      plugins: [
        named("storybook:entry"),
        widgetKit({ config }),
        Promise.resolve([named("app:svg"), named("vite:singlefile")]),
        false,
        named("app:icons"),
      ],
    });
    expect(final.root).toBe("/app");
    expect((final.plugins as Plugin[]).map((p) => p.name)).toEqual([
      "storybook:entry",
      "app:svg",
      "app:icons",
    ]);
  });

  it("takes a config without plugins", async () => {
    expect(await viteFinal({ root: "/app" })).toEqual({ root: "/app", plugins: [] });
  });
});
